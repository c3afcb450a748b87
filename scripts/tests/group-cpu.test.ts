import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { groupCpuSeconds, parseStat } from '../bench/group-cpu';

// The cold-start bench's CPU figure: every process `npm start` starts, not only npm.
const stat = (pid: number, comm: string, pgrp: number, times: [number, number, number, number]) =>
  `${pid} (${comm}) S 1 ${pgrp} ${pgrp} 0 -1 4194304 100 0 0 0 ${times.join(' ')} 20 0 1 0 5 0 0`;

const proc = mkdtempSync(path.join(tmpdir(), 'touchline-group-cpu-'));
afterAll(() => rmSync(proc, { recursive: true, force: true }));
const write = (pid: number, line: string) => {
  mkdirSync(path.join(proc, String(pid)));
  writeFileSync(path.join(proc, String(pid), 'stat'), line);
};

describe('groupCpuSeconds', () => {
  test('reads the group and the own and waited-for children’s ticks, a name with spaces included', () => {
    expect(parseStat(stat(7, 'npm start', 7, [30, 5, 2, 1]))).toEqual({ pgrp: 7, ticks: 38 });
    expect(parseStat(stat(9, 'a) b', 7, [1, 1, 0, 0]))).toEqual({ pgrp: 7, ticks: 2 });
  });

  test('sums every process of the group and nothing else', async () => {
    write(100, stat(100, 'npm start', 100, [30, 5, 0, 0]));
    write(101, stat(101, 'sh', 100, [0, 1, 0, 0]));
    write(102, stat(102, 'node', 100, [250, 40, 20, 4]));
    write(200, stat(200, 'node', 200, [999, 999, 0, 0]));
    mkdirSync(path.join(proc, 'self'));
    expect(await groupCpuSeconds(100, proc)).toBeCloseTo(3.5, 5);
    expect(await groupCpuSeconds(300, proc)).toBeUndefined();
    expect(await groupCpuSeconds(100, path.join(proc, 'nowhere'))).toBeUndefined();
  });
});
