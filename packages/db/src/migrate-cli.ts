import { createDatabase, pgliteDataDir } from './client';
import { loadDbConfig } from './config';
import { migrateDatabase } from './migrate';

/** `npm run db:migrate`: applies pending migrations to DATABASE_URL, or to PGlite in DATA_DIR. */
async function main() {
  const config = loadDbConfig();
  const dataDir = pgliteDataDir(config.dataDir);
  const handle = await createDatabase({ url: config.databaseUrl, dataDir });
  const target = handle.kind === 'postgres' ? 'Postgres (DATABASE_URL)' : `PGlite at ${dataDir}`;
  try {
    const result = await migrateDatabase(handle);
    if (result.applied.length === 0) {
      console.log(`[db:migrate] ${target}: up to date (${result.total} migrations)`);
    } else {
      console.log(`[db:migrate] ${target}: applied ${result.applied.join(', ')}`);
    }
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error('[db:migrate] failed:', error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
