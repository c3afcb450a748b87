import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'drizzle-kit';

// drizzle-kit joins `out` onto './' when it reads earlier snapshots, so absolute paths break it:
// resolve from this file, then hand it paths relative to wherever drizzle-kit was started.
const here = path.dirname(fileURLToPath(import.meta.url));
const fromCwd = (target: string) => path.relative(process.cwd(), path.join(here, target)) || '.';

export default defineConfig({
  dialect: 'postgresql',
  schema: fromCwd('src/schema/index.ts'),
  out: fromCwd('../../migrations'),
  strict: true,
  verbose: true,
});
