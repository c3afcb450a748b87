import type { RelationshipView } from '@touchline/shared';
import { describe, expect, it } from 'vitest';
import { canOfferMessage } from './message-button';

const rel = (friend_status: RelationshipView['friend_status'], blocked_by_me = false) => ({
  friend_status,
  is_following: false,
  blocked_by_me,
});

describe('canOfferMessage: where a Message button can work (the server decides the rest)', () => {
  const viewer = (viewerRole: string | null, viewerId: string | null = 'me') => ({
    viewerRole,
    viewerId,
  });

  it.each([
    ['a player, a friend → offered', viewer('player'), 'player', rel('friends'), true],
    [
      'a player, a player who is not a friend → not offered',
      viewer('player'),
      'player',
      rel('none'),
      false,
    ],
    [
      'a player, a player not loaded yet → not offered',
      viewer('player'),
      'player',
      undefined,
      false,
    ],
    ['a player, an academy → offered', viewer('player'), 'academy', rel('not_applicable'), true],
    [
      'an academy, a player (even a minor’s card) → offered',
      viewer('academy'),
      'player',
      null,
      true,
    ],
    ['an academy, another academy → not offered', viewer('academy'), 'academy', null, false],
    ['an administrator, anyone → offered', viewer('admin'), 'academy', null, true],
    [
      'anyone, someone they blocked → not offered',
      viewer('academy'),
      'player',
      rel('none', true),
      false,
    ],
    ['a trial or unknown kind → not offered', viewer('player'), 'trial', null, false],
    ['signed out → not offered', viewer(null, null), 'academy', null, false],
  ] as const)('%s', (_, who, role, relationship, expected) => {
    expect(canOfferMessage({ ...who, userId: 'them', role, relationship })).toBe(expected);
  });

  it('never offers it on your own profile', () => {
    expect(canOfferMessage({ ...viewer('player'), userId: 'me', role: 'player' })).toBe(false);
    expect(
      canOfferMessage({
        ...viewer('academy'),
        userId: 'x',
        role: 'academy',
        relationship: rel('self'),
      }),
    ).toBe(false);
  });
});
