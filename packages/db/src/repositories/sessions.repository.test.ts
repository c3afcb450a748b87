import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestDatabase, createTestUser } from '../testing';
import type { TestDatabase } from '../testing';
import {
  createSession,
  findActiveSession,
  revokeSession,
  revokeUserSessions,
} from './sessions.repository';

let testDb: TestDatabase;

beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb?.close());

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000);

test('an active session is found only for its own user', async () => {
  const [owner, other] = await Promise.all([createTestUser(testDb.db), createTestUser(testDb.db)]);
  const session = await createSession(testDb.db, { userId: owner.id, expiresAt: inDays(30) });
  expect((await findActiveSession(testDb.db, { id: session.id, userId: owner.id }))?.id).toBe(
    session.id,
  );
  expect(await findActiveSession(testDb.db, { id: session.id, userId: other.id })).toBeNull();
});

test('an expired session is not active', async () => {
  const user = await createTestUser(testDb.db);
  const session = await createSession(testDb.db, { userId: user.id, expiresAt: inDays(1) });
  const ref = { id: session.id, userId: user.id };
  expect(await findActiveSession(testDb.db, ref, inDays(2))).toBeNull();
});

test('a revoked session is not active, and revoking it again changes nothing', async () => {
  const [owner, other] = await Promise.all([createTestUser(testDb.db), createTestUser(testDb.db)]);
  const session = await createSession(testDb.db, { userId: owner.id, expiresAt: inDays(30) });
  expect(await revokeSession(testDb.db, { id: session.id, userId: other.id }, 'logout')).toBe(
    false,
  );
  expect(await revokeSession(testDb.db, { id: session.id, userId: owner.id }, 'logout')).toBe(true);
  expect(await revokeSession(testDb.db, { id: session.id, userId: owner.id }, 'logout')).toBe(
    false,
  );
  expect(await findActiveSession(testDb.db, { id: session.id, userId: owner.id })).toBeNull();
});

test("revokeUserSessions revokes only that user's active sessions and returns their ids", async () => {
  const [user, other] = await Promise.all([createTestUser(testDb.db), createTestUser(testDb.db)]);
  const a = await createSession(testDb.db, { userId: user.id, expiresAt: inDays(30) });
  const b = await createSession(testDb.db, { userId: user.id, expiresAt: inDays(30) });
  const revokedEarlier = await createSession(testDb.db, { userId: user.id, expiresAt: inDays(30) });
  await revokeSession(testDb.db, { id: revokedEarlier.id, userId: user.id }, 'logout');
  const untouched = await createSession(testDb.db, { userId: other.id, expiresAt: inDays(30) });

  const revoked = await revokeUserSessions(testDb.db, user.id, 'blocked');
  expect(revoked.sort()).toEqual([a.id, b.id].sort());
  expect(await findActiveSession(testDb.db, { id: untouched.id, userId: other.id })).not.toBeNull();
  expect(await revokeUserSessions(testDb.db, user.id, 'blocked')).toEqual([]);
});
