import { describe, expect, it } from 'vitest';
import type { ChatPairFacts } from '@touchline/db/chat';
import { partnerVisible } from './chat.visibility';

import { academy, adult, minor, party, type Party } from './chat.parties.test-support';

const facts = (
  sender: Party,
  receiver: Party,
  relation: Partial<Omit<ChatPairFacts, 'sender' | 'receiver'>> = {},
): ChatPairFacts => ({
  sender,
  receiver,
  blocked: false,
  friends: false,
  follows: false,
  registered: false,
  ...relation,
});

describe('partnerVisible: who a conversation partner is shown as themselves to', () => {
  it('a block either way hides both sides, adults included', () => {
    expect(partnerVisible(facts(adult(), adult(), { blocked: true, friends: true }))).toBe(false);
    expect(partnerVisible(facts(academy(), minor(), { blocked: true, follows: true }))).toBe(false);
  });

  it('adults keep seeing each other in the conversations they have', () => {
    expect(partnerVisible(facts(adult(), adult()))).toBe(true); // no longer friends
    expect(partnerVisible(facts(academy(), adult()))).toBe(true); // the follow ended
  });

  it("a minor's academy only while the minor follows it or registered with it, either direction", () => {
    const [child, club] = [minor(), academy()];
    expect(partnerVisible(facts(club, child, { follows: true }))).toBe(true);
    expect(partnerVisible(facts(child, club, { registered: true }))).toBe(true);
    expect(partnerVisible(facts(club, child))).toBe(false); // unfollowed
    expect(partnerVisible(facts(child, club))).toBe(false);
  });

  it("a minor's player partner only while they are friends", () => {
    expect(partnerVisible(facts(minor(), minor(), { friends: true }))).toBe(true);
    expect(partnerVisible(facts(minor(), adult()))).toBe(false);
    expect(partnerVisible(facts(adult(), minor()))).toBe(false);
  });

  it("an account that is gone shows as stored (an erased one reads 'Deleted user'), unless blocked", () => {
    const tombstone = () => party({ isActive: false, isMinor: true }); // erased: no date of birth
    expect(partnerVisible(facts(adult(), tombstone()))).toBe(true);
    expect(partnerVisible(facts(minor(), tombstone()))).toBe(true);
    expect(partnerVisible(facts(adult(), tombstone(), { blocked: true }))).toBe(false);
  });
});
