import { createDatabase, migrateDatabase, pgliteDataDir } from '@touchline/db';
import { loadApiConfig } from '../config';
import { rebuildHomeFeeds } from '../modules/posts/posts.timelines';

/**
 * `npm run feeds:build`: rebuilds every home timeline and the popular ranking from the database
 * (decision 45): after a restore, an upgrade that adds the timelines, or a change of the ranking.
 * Works on DATABASE_URL, or the embedded database (stop `npm start` first: an embedded database
 * directory must never be opened by two processes).
 */
async function main() {
  const config = loadApiConfig();
  const database = await createDatabase(
    config.DATABASE_URL
      ? { url: config.DATABASE_URL }
      : { dataDir: pgliteDataDir(config.DATA_DIR) },
  );
  try {
    await migrateDatabase(database);
    const started = Date.now();
    const users = await rebuildHomeFeeds(database.db, new Date());
    console.log(`Home timelines rebuilt for ${users} users in ${Date.now() - started} ms.`);
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
