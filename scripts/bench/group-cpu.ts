import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** Clock ticks per second of /proc's times (USER_HZ: 100 on every Linux Node supports). */
const TICKS_PER_SECOND = 100;

/**
 * A `/proc/<pid>/stat` line's process group and CPU time in ticks: its own user and system time
 * and that of its children it has waited for (a finished build step, say), fields 14–17.
 */
export function parseStat(line: string): { pgrp: number; ticks: number } {
  // The command name (field 2) is in parentheses and may hold spaces: count from after it.
  const fields = line.slice(line.lastIndexOf(')') + 2).split(' ');
  const at = (field: number) => Number(fields[field - 3]);
  return { pgrp: at(5), ticks: at(14) + at(15) + at(16) + at(17) };
}

/**
 * The CPU seconds used so far by every process of the process group `pgid` (what `npm start`
 * costs in all: npm, its shell and node), read from /proc (Linux). Undefined elsewhere.
 */
export async function groupCpuSeconds(
  pgid: number,
  procDir = '/proc',
): Promise<number | undefined> {
  let entries: string[];
  try {
    entries = await readdir(procDir);
  } catch {
    return undefined;
  }
  let ticks = 0;
  let found = false;
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    let line: string;
    try {
      line = await readFile(path.join(procDir, entry, 'stat'), 'utf8');
    } catch {
      continue; // ended meanwhile
    }
    const stat = parseStat(line);
    if (stat.pgrp !== pgid) continue;
    found = true;
    ticks += stat.ticks;
  }
  return found ? ticks / TICKS_PER_SECOND : undefined;
}
