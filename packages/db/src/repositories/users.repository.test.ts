import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestDatabase, createTestUser } from '../testing';
import type { TestDatabase } from '../testing';
import { uuidv7 } from '../uuid';
import { findUserByEmail, findUserById, insertUser, setUserActive } from './users.repository';

let testDb: TestDatabase;

beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb?.close());

test('e-mails are stored lower-cased and found whatever their case', async () => {
  const user = await insertUser(testDb.db, {
    email: 'Kelechi.Iheanacho@Example.TEST',
    username: 'kelechi',
    role: 'player',
  });
  expect(user.email).toBe('kelechi.iheanacho@example.test');
  expect((await findUserByEmail(testDb.db, 'KELECHI.iheanacho@example.test'))?.id).toBe(user.id);
  expect((await findUserById(testDb.db, user.id))?.email).toBe(user.email);
  expect(await findUserById(testDb.db, uuidv7())).toBeNull();
});

test('a second account with the same e-mail in another case is rejected', async () => {
  await createTestUser(testDb.db, { email: 'dup@example.test' });
  await expect(createTestUser(testDb.db, { email: 'DUP@example.test' })).rejects.toThrow();
});

test('deactivating records when and why; reactivating clears both', async () => {
  const user = await createTestUser(testDb.db);
  expect(user.isActive).toBe(true);
  expect(await setUserActive(testDb.db, user.id, false, 'spam')).toBe(true);
  expect(await findUserById(testDb.db, user.id)).toMatchObject({
    isActive: false,
    blockedReason: 'spam',
    blockedAt: expect.any(Date),
  });
  expect(await setUserActive(testDb.db, user.id, true)).toBe(true);
  expect(await findUserById(testDb.db, user.id)).toMatchObject({
    isActive: true,
    blockedReason: null,
    blockedAt: null,
  });
  expect(await setUserActive(testDb.db, uuidv7(), false)).toBe(false);
});
