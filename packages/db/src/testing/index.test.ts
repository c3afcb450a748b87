import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { findUserByEmail } from '../repositories/users.repository';
import { users } from '../schema';
import { countQueries, createTestDatabase, createTestUser } from '.';
import type { TestDatabase } from '.';

let first: TestDatabase;
let second: TestDatabase;

beforeAll(async () => {
  [first, second] = await Promise.all([createTestDatabase(), createTestDatabase()]);
});
afterAll(async () => {
  await Promise.all([first?.close(), second?.close()]);
});

test('test databases are isolated from each other', async () => {
  const user = await createTestUser(first.db);
  expect(await findUserByEmail(first.db, user.email)).not.toBeNull();
  expect(await findUserByEmail(second.db, user.email)).toBeNull();
  const [row] = await second.db.select({ n: count() }).from(users);
  expect(row!.n).toBe(0);
});

test('the backend matches the environment', () => {
  // TEST_DATABASE_URL: the pg tier; TOUCHLINE_CONTAINER_DATABASE_URL: the container tier's
  // Testcontainers Postgres; neither: PGlite, even where a container runtime answers.
  const expected = process.env.TEST_DATABASE_URL
    ? 'postgres'
    : process.env.TOUCHLINE_CONTAINER_DATABASE_URL
      ? 'testcontainers'
      : 'pglite';
  expect(first.backend).toBe(expected);
  expect(first.kind).toBe(first.backend === 'pglite' ? 'pglite' : 'postgres');
});

test('countQueries counts every statement sent through db', async () => {
  const user = await createTestUser(first.db);
  const n = await countQueries(first, async () => {
    await first.db.select().from(users).where(eq(users.id, user.id));
    await first.db.select().from(users).where(eq(users.email, user.email));
  });
  expect(n).toBe(2);
});

test('ping answers true while open and close can be called twice', async () => {
  const extra = await createTestDatabase();
  expect(await extra.ping()).toBe(true);
  await extra.close();
  await extra.close();
  expect(await extra.ping()).toBe(false);
});
