/**
 * BENCH_PROFILE=dir: a CPU profile of this process (the app under test) while a case runs, written
 * to dir/<case>.cpuprofile (open it in Chrome DevTools or speedscope), and the functions with the
 * most self time printed beside the case.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { log } from './lib';

type Node = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
};
type Profile = { nodes: Node[]; samples?: number[] };

const dir = process.env.BENCH_PROFILE;
/** The checkout's own files are named from its root, wherever it is (a worktree too). */
const root = `${pathToFileURL(process.cwd()).href}/`;
let session: Session | undefined;

export async function profiled<T>(name: string, fn: () => Promise<T>): Promise<T> {
  if (!dir) return fn();
  if (!session) {
    session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 200 });
  }
  await session.post('Profiler.start');
  let result: T;
  try {
    result = await fn();
  } finally {
    const { profile } = (await session.post('Profiler.stop')) as unknown as { profile: Profile };
    await mkdir(dir, { recursive: true });
    const file = path.join(dir, `${name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}.cpuprofile`);
    await writeFile(file, JSON.stringify(profile));
    log(`  profile: ${path.relative(process.cwd(), file)}; most self time:`);
    for (const line of topSelf(profile, 12)) log(`    ${line}`);
  }
  return result;
}

/** The functions with the most samples of their own (self time), as "share name file:line". */
function topSelf(profile: Profile, count: number): string[] {
  const hits = new Map<number, number>();
  for (const id of profile.samples ?? []) hits.set(id, (hits.get(id) ?? 0) + 1);
  const total = profile.samples?.length ?? 0;
  const byFrame = new Map<string, number>();
  for (const node of profile.nodes) {
    const n = hits.get(node.id) ?? node.hitCount ?? 0;
    if (!n) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url
      ? `${url.replace(/^.*node_modules\//, '').replace(root, '')}:${lineNumber + 1}`
      : '';
    const key = `${functionName || '(anonymous)'} ${where}`.trim();
    byFrame.set(key, (byFrame.get(key) ?? 0) + n);
  }
  return [...byFrame]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([key, n]) => `${((n / Math.max(1, total)) * 100).toFixed(1).padStart(5)} %  ${key}`);
}
