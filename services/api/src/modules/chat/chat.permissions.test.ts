import { describe, expect, it } from 'vitest';
import { decideChatPermission, type ChatPairFactsInput } from './chat.permissions';
import { academy, admin, adult, minor, type Party } from './chat.parties.test-support';

function facts(
  sender: Party,
  receiver: Party | null,
  relation: Partial<Omit<ChatPairFactsInput, 'sender' | 'receiver'>> = {},
): ChatPairFactsInput {
  return {
    sender,
    receiver,
    blocked: false,
    friends: false,
    follows: false,
    registered: false,
    ...relation,
  };
}

const open = (f: ChatPairFactsInput) => decideChatPermission(f, 'open');
const send = (f: ChatPairFactsInput) => decideChatPermission(f, 'send');
const refused = (reason: string) => ({ ok: false, reason });
const ok = { ok: true };

describe('decideChatPermission: opening a conversation', () => {
  it('refuses yourself, and missing, inactive or unconfirmed receivers', () => {
    const me = adult();
    expect(open(facts(me, { ...me }))).toEqual(refused('self'));
    expect(open(facts(me, null))).toEqual(refused('userNotFound'));
    expect(open(facts(me, adult({ isActive: false }), { friends: true }))).toEqual(
      refused('userNotFound'),
    );
    expect(open(facts(me, adult({ emailVerified: false }), { friends: true }))).toEqual(
      refused('userNotFound'),
    );
  });

  it('players: friends only, whatever their ages', () => {
    expect(open(facts(adult(), adult(), { friends: true }))).toEqual(ok);
    expect(open(facts(minor(), minor(), { friends: true }))).toEqual(ok);
    expect(open(facts(adult(), adult()))).toEqual(refused('friendsOnly'));
    expect(open(facts(adult(), minor()))).toEqual(refused('friendsOnly'));
    expect(open(facts(adult({ openToWork: true }), adult({ openToWork: true })))).toEqual(
      refused('friendsOnly'),
    );
  });

  it('academy and adult player: a follow or a registration, either direction, verified or not', () => {
    for (const status of ['verified', 'unverified'] as const) {
      const a = academy({ academyStatus: status });
      const p = adult();
      expect(open(facts(a, p, { follows: true }))).toEqual(ok);
      expect(open(facts(a, p, { registered: true }))).toEqual(ok);
      expect(open(facts(p, a, { follows: true }))).toEqual(ok);
      expect(open(facts(p, a, { registered: true }))).toEqual(ok);
    }
    expect(open(facts(academy(), adult()))).toEqual(refused('academyToPlayer'));
    expect(open(facts(adult(), academy()))).toEqual(refused('playerToAcademy'));
  });

  it("a verified academy may open with an adult 'Open to Work' player", () => {
    expect(open(facts(academy(), adult({ openToWork: true })))).toEqual(ok);
    expect(
      open(facts(academy({ academyStatus: 'unverified' }), adult({ openToWork: true }))),
    ).toEqual(refused('academyToPlayer'));
    expect(
      open(facts(academy({ academyStatus: 'declined' }), adult({ openToWork: true }))),
    ).toEqual(refused('academyToPlayer'));
  });

  it('minors: never a stranger; only a verified academy they follow or registered with', () => {
    expect(open(facts(academy(), minor({ openToWork: true })))).toEqual(refused('minor'));
    expect(open(facts(academy(), minor()))).toEqual(refused('minor'));
    expect(open(facts(academy(), minor(), { follows: true }))).toEqual(ok);
    expect(open(facts(academy(), minor(), { registered: true }))).toEqual(ok);
    expect(open(facts(minor(), academy(), { follows: true }))).toEqual(ok);
    const unverified = academy({ academyStatus: 'unverified' });
    expect(open(facts(unverified, minor(), { follows: true }))).toEqual(refused('minor'));
    expect(open(facts(unverified, minor(), { registered: true }))).toEqual(refused('minor'));
    expect(open(facts(minor(), unverified, { follows: true }))).toEqual(refused('minor'));
    expect(open(facts(minor(), academy()))).toEqual(refused('playerToAcademy'));
  });

  it('academies never message academies', () => {
    expect(open(facts(academy(), academy()))).toEqual(refused('academyToAcademy'));
  });

  it('administrators message anyone, and anyone answers them', () => {
    expect(open(facts(admin(), minor()))).toEqual(ok);
    expect(open(facts(admin(), academy()))).toEqual(ok);
    expect(open(facts(adult(), admin()))).toEqual(ok);
    expect(open(facts(academy(), admin()))).toEqual(ok);
  });

  it('a block either way refuses before anything else allows', () => {
    expect(open(facts(adult(), adult(), { friends: true, blocked: true }))).toEqual(
      refused('blocked'),
    );
    expect(open(facts(academy(), adult(), { follows: true, blocked: true }))).toEqual(
      refused('blocked'),
    );
    expect(open(facts(admin(), adult(), { blocked: true }))).toEqual(refused('blocked'));
    expect(open(facts(academy(), academy(), { blocked: true }))).toEqual(refused('blocked'));
  });
});

describe('decideChatPermission: sending in an existing conversation', () => {
  it('adults keep their conversation when the relation ends', () => {
    expect(send(facts(adult(), adult()))).toEqual(ok);
    expect(send(facts(academy(), adult()))).toEqual(ok);
    expect(send(facts(adult(), academy({ academyStatus: 'unverified' })))).toEqual(ok);
  });

  it("a minor's conversation needs the pair rule still", () => {
    expect(send(facts(academy(), minor()))).toEqual(refused('minor'));
    expect(send(facts(minor(), academy()))).toEqual(refused('playerToAcademy'));
    expect(send(facts(academy(), minor(), { follows: true }))).toEqual(ok);
    expect(send(facts(minor(), adult()))).toEqual(refused('friendsOnly'));
    expect(send(facts(minor(), minor(), { friends: true }))).toEqual(ok);
    expect(send(facts(admin(), minor()))).toEqual(ok);
  });

  it('an inactive member or a block ends it', () => {
    expect(send(facts(adult(), adult({ isActive: false })))).toEqual(refused('blocked'));
    expect(send(facts(adult({ isActive: false }), adult()))).toEqual(refused('blocked'));
    expect(send(facts(adult(), adult(), { friends: true, blocked: true }))).toEqual(
      refused('blocked'),
    );
    expect(send(facts(adult(), adult({ emailVerified: false })))).toEqual(ok);
  });
});

describe("decideChatPermission: a child's messaging setting (supplement §14, decision 43)", () => {
  it("'friends': friends still talk, an academy the child follows is refused", () => {
    const child = minor({ messaging: 'friends' });
    const friend = minor();
    expect(open(facts(friend, child, { friends: true }))).toEqual(ok);
    expect(send(facts(child, friend, { friends: true }))).toEqual(ok);
    expect(open(facts(academy(), child, { follows: true }))).toEqual(
      refused('guardianFriendsOnly'),
    );
    expect(send(facts(academy(), child, { registered: true }))).toEqual(
      refused('guardianFriendsOnly'),
    );
    expect(open(facts(child, academy(), { follows: true }))).toEqual(
      refused('ownGuardianFriendsOnly'),
    );
  });

  it("'nobody': nobody opens or sends, friends included, both ways", () => {
    const child = minor({ messaging: 'nobody' });
    expect(open(facts(minor(), child, { friends: true }))).toEqual(refused('guardianNobody'));
    expect(send(facts(academy(), child, { follows: true }))).toEqual(refused('guardianNobody'));
    expect(send(facts(child, minor(), { friends: true }))).toEqual(refused('ownGuardianNobody'));
  });

  it('an administrator still reaches the child; a block still reads as blocked', () => {
    const child = minor({ messaging: 'nobody' });
    expect(open(facts(admin(), child))).toEqual(ok);
    expect(open(facts(minor(), child, { friends: true, blocked: true }))).toEqual(
      refused('blocked'),
    );
  });

  it('an adult keeps no setting (it ends with the guardian link at 18)', () => {
    const grown = adult({ messaging: 'nobody' });
    expect(open(facts(adult(), grown, { friends: true }))).toEqual(ok);
    expect(open(facts(academy(), grown, { follows: true }))).toEqual(ok);
  });

  it("'friends_and_academies' keeps the §7 rule", () => {
    const child = minor();
    expect(open(facts(academy(), child, { follows: true }))).toEqual(ok);
    expect(open(facts(academy(), child))).toEqual(refused('minor'));
  });
});
