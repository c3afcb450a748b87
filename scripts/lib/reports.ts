import { readFileSync, statSync } from 'node:fs';

export type Counts = { passed: number; failed: number; skipped: number };

export const ZERO: Counts = { passed: 0, failed: 0, skipped: 0 };

export function addCounts(a: Counts, b: Counts): Counts {
  return {
    passed: a.passed + b.passed,
    failed: a.failed + b.failed,
    skipped: a.skipped + b.skipped,
  };
}

type VitestReport = {
  numPassedTests?: number;
  numFailedTests?: number;
  numPendingTests?: number;
  numTodoTests?: number;
  testResults?: {
    name?: string;
    status?: string;
    message?: string;
    assertionResults?: { status?: string }[];
  }[];
};

/**
 * Counts from vitest's JSON reporter. A test file that fails before any of its tests fails (an
 * import error, a crash in `beforeAll`) reports no failed test: it counts as one failure.
 */
export function countVitest(report: VitestReport): Counts & { brokenFiles: string[] } {
  const brokenFiles = (report.testResults ?? [])
    .filter(
      (file) =>
        file.status === 'failed' &&
        !(file.assertionResults ?? []).some((a) => a.status === 'failed'),
    )
    .map((file) => file.name ?? '(unknown file)');
  return {
    passed: report.numPassedTests ?? 0,
    failed: (report.numFailedTests ?? 0) + brokenFiles.length,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
    brokenFiles,
  };
}

type PlaywrightReport = {
  stats?: { expected?: number; unexpected?: number; flaky?: number; skipped?: number };
  errors?: { message?: string }[];
};

/**
 * Counts from Playwright's JSON reporter: `expected` passed, `flaky` passed on a retry (counted as
 * passed, and reported), `unexpected` failed. Errors outside any test (a spec that does not load,
 * the web server that never came up) count as one failure each.
 */
export function countPlaywright(
  report: PlaywrightReport,
): Counts & { flaky: number; errors: string[] } {
  const stats = report.stats ?? {};
  const errors = (report.errors ?? []).map((e) => (e.message ?? '').split('\n')[0] ?? '');
  return {
    passed: (stats.expected ?? 0) + (stats.flaky ?? 0),
    failed: (stats.unexpected ?? 0) + errors.length,
    skipped: stats.skipped ?? 0,
    flaky: stats.flaky ?? 0,
    errors,
  };
}

/** Parses a JSON report written at or after `since` (ms); null when absent, stale or unreadable. */
export function readFreshJson<T>(file: string, since: number): T | null {
  try {
    // 1 s of slack for file systems with coarse timestamps.
    if (statSync(file).mtimeMs < since - 1000) return null;
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return null;
  }
}
