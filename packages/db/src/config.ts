import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

/** What the database command-line tools read from the environment (the only reader in this package). */
export const dbConfigSchema = z.object({
  DATABASE_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default(path.join(repoRoot, '.data')),
});

export type DbConfig = { databaseUrl?: string; dataDir: string };

export function loadDbConfig(env: NodeJS.ProcessEnv = process.env): DbConfig {
  const result = dbConfigSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return { databaseUrl: result.data.DATABASE_URL, dataDir: path.resolve(result.data.DATA_DIR) };
}
