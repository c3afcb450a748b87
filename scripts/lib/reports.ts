import { readFileSync, statSync } from 'node:fs';
import { relative } from 'node:path';

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
    assertionResults?: { status?: string; fullName?: string; failureMessages?: string[] }[];
  }[];
};

/** At most this many failing tests are named in the summary (the output above has them all). */
const NAMED_FAILURES = 8;

/**
 * `file › test: first line of the error` for each failing test, so the summary at the end of a long
 * log (all a CI record may keep) says which tests failed.
 */
export function failingVitestTests(report: VitestReport, root: string): string[] {
  const names: string[] = [];
  for (const file of report.testResults ?? []) {
    const rel = relative(root, file.name ?? '(unknown file)');
    for (const a of file.assertionResults ?? []) {
      if (a.status !== 'failed') continue;
      const why = firstLine(a.failureMessages?.[0]);
      names.push(`${rel} › ${a.fullName ?? '(unnamed test)'}${why ? `: ${why}` : ''}`);
    }
    if (
      file.status === 'failed' &&
      !(file.assertionResults ?? []).some((a) => a.status === 'failed')
    )
      names.push(`${rel}: ${firstLine(file.message) || 'failed outside its tests'}`);
  }
  return capped(names);
}

function capped(names: string[]): string[] {
  return names.length > NAMED_FAILURES
    ? [...names.slice(0, NAMED_FAILURES), `… and ${names.length - NAMED_FAILURES} more`]
    : names;
}

function firstLine(text: string | undefined): string {
  const line = (text ?? '').split('\n').find((l) => l.trim() !== '') ?? '';
  return line.length > 200 ? `${line.slice(0, 199)}…` : line.trim();
}

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

type PlaywrightSuite = {
  title?: string;
  suites?: PlaywrightSuite[];
  specs?: {
    title?: string;
    file?: string;
    line?: number;
    tests?: {
      projectName?: string;
      status?: string;
      results?: { error?: { message?: string } }[];
    }[];
  }[];
};

type PlaywrightReport = {
  stats?: { expected?: number; unexpected?: number; flaky?: number; skipped?: number };
  errors?: { message?: string }[];
  suites?: PlaywrightSuite[];
};

/** `[project] file:line › title: first line of the error` for each test that failed every try. */
export function failingPlaywrightTests(report: PlaywrightReport): string[] {
  const names: string[] = [];
  const walk = (suite: PlaywrightSuite) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? []) {
        if (t.status !== 'unexpected') continue;
        const why = firstLine(stripAnsi(t.results?.at(-1)?.error?.message));
        names.push(
          `[${t.projectName ?? '?'}] ${spec.file ?? '?'}:${spec.line ?? '?'} › ${spec.title ?? '?'}${why ? `: ${why}` : ''}`,
        );
      }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  return capped(names);
}

function stripAnsi(text: string | undefined): string {
  // eslint-disable-next-line no-control-regex
  return (text ?? '').replace(/\u001b\[[0-9;]*m/g, '');
}

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
