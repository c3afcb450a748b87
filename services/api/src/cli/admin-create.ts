import { parseArgs } from 'node:util';
import { createDatabase, migrateDatabase, pgliteDataDir } from '@touchline/db';
import { loadApiConfig } from '../config';
import { createAdministrator } from '../modules/accounts/accounts.service';

/**
 * `npm run admin:create -- --email <e> --password <p> [--name <n>]`: creates an administrator in
 * the configured database (DATABASE_URL, or the embedded one — stop `npm start` first: an
 * embedded database directory must never be opened by two processes).
 */
async function main() {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
  });
  if (!values.email || !values.password) {
    throw new Error(
      'usage: npm run admin:create -- --email <email> --password <password> [--name <name>]',
    );
  }
  const config = loadApiConfig();
  const database = await createDatabase(
    config.DATABASE_URL
      ? { url: config.DATABASE_URL }
      : { dataDir: pgliteDataDir(config.DATA_DIR) },
  );
  try {
    await migrateDatabase(database);
    const { user, created } = await createAdministrator(
      database.db,
      { email: values.email, password: values.password, name: values.name },
      new Date(),
    );
    console.log(
      created
        ? `Administrator ${user.email} created. Sign in at /admin/login.`
        : `Administrator ${user.email} already exists.`,
    );
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
