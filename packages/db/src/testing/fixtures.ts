import type { Executor } from '../client';
import { insertUser } from '../repositories/users.repository';
import type { NewUser, UserRow } from '../repositories/users.repository';
import { uuidv7 } from '../uuid';

/** A stored player with a unique e-mail and username; override any column. */
export function createTestUser(
  executor: Executor,
  overrides: Partial<NewUser> = {},
): Promise<UserRow> {
  const tag = uuidv7().slice(-12);
  return insertUser(executor, {
    email: `player-${tag}@example.test`,
    username: `player_${tag}`,
    role: 'player',
    ...overrides,
  });
}
