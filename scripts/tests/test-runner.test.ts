import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The environment of a newcomer's machine: no test services, no scaled-mode drivers. */
function newcomerEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, TEST_SIDE_BY_SIDE: '1' };
  for (const name of ['TEST_DATABASE_URL', 'TEST_REDIS_URL', 'DATABASE_URL', 'REDIS_URL', 'CI'])
    delete env[name];
  delete env.TEST_TIME_BUDGET_MINUTES;
  return env;
}

describe('npm test on a machine without TEST_DATABASE_URL and TEST_REDIS_URL', () => {
  it('says the Postgres and cluster tiers did not run and ends cleanly with the summary line', () => {
    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'scripts/test.ts', '--only=pg,cluster'],
      { cwd: root, env: newcomerEnv(), encoding: 'utf8', timeout: 110_000 },
    );
    const lines = result.stdout.trim().split('\n');
    expect(result.stderr).not.toMatch(/ENOENT|Error/);
    expect(result.stdout).toContain('Postgres+Redis tier: not run — set TEST_DATABASE_URL');
    expect(result.stdout).toContain('Cluster tier: not run — set TEST_DATABASE_URL');
    expect(lines.at(-1)).toBe('tests: 0 passed, 0 failed');
    expect(result.status).toBe(0);
  });
});
