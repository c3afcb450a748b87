export * as schema from './schema';
export * from './client';
export { migrateDatabase, migrationsFolder, notMigratedReason, pendingMigrations } from './migrate';
export {
  copyPgliteTemplate,
  isFreshPgliteDir,
  readPgliteTemplate,
  templateFingerprint,
  TEMPLATE_DIR,
  writePgliteTemplate,
} from './template';
export { moveTemplateDates, templateDatedColumns, type DatedColumn } from './template-dates';
export type { MigrationResult } from './migrate';
export { uuidv7, uuidv7For } from './uuid';
export { isUniqueViolation } from './errors';

/*
 * Repositories are exported per domain, never from here: `@touchline/db/<domain>` (auth, users,
 * profiles, social, posts, notifications, search, media, outbox, jobs, user-events, emails, …), see package.json `exports`
 * and src/domains/. Test helpers: `@touchline/db/testing`.
 */
