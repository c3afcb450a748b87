import { ZERO, addCounts, type Counts } from './reports';
import { bold, dim, formatDuration, green, red, yellow } from './output';

export type StageStatus = 'passed' | 'failed' | 'not-run';

export type StageResult = {
  title: string;
  status: StageStatus;
  /** Test counts, for stages that run tests and produced a report. */
  counts?: Counts;
  /** Why it failed or did not run, or a detail worth showing. */
  note?: string;
  durationMs?: number;
  /** The failing tests, named in the summary (`file › test: error`). */
  failures?: string[];
};

/**
 * The totals behind the final line. A failed stage without a failing test of its own (typecheck,
 * lint, a crash, an exit code that disagrees with its report) counts as one failure, so the final
 * line never reads "0 failed" when the run failed.
 */
export function totals(results: readonly StageResult[]): Counts {
  return results.reduce((sum, r) => {
    const counts = r.counts ?? ZERO;
    const extra = r.status === 'failed' && counts.failed === 0 ? 1 : 0;
    return addCounts(sum, { ...counts, failed: counts.failed + extra });
  }, ZERO);
}

/** `tests: P passed, F failed` plus `, S skipped` only when S > 0. Plain text, no colour. */
export function finalLine(total: Counts): string {
  const skipped = total.skipped > 0 ? `, ${total.skipped} skipped` : '';
  return `tests: ${total.passed} passed, ${total.failed} failed${skipped}`;
}

function describeCounts(c: Counts): string {
  return `${c.passed} passed, ${c.failed} failed${c.skipped > 0 ? `, ${c.skipped} skipped` : ''}`;
}

export function summaryLines(results: readonly StageResult[]): string[] {
  const width = Math.max(...results.map((r) => r.title.length)) + 2;
  return results.map((r) => {
    const label =
      r.status === 'passed'
        ? green('ok    ')
        : r.status === 'failed'
          ? red('FAILED')
          : yellow('—     ');
    const parts = [r.counts ? describeCounts(r.counts) : undefined, r.note].filter(Boolean);
    const time = r.durationMs === undefined ? '' : dim(` (${formatDuration(r.durationMs)})`);
    return `  ${r.title.padEnd(width)}${label}  ${parts.join(' — ')}${time}`;
  });
}

export function printSummary(results: readonly StageResult[], totalMs: number): number {
  const total = totals(results);
  const failedStages = results.filter((r) => r.status === 'failed').map((r) => r.title);
  console.log('');
  console.log(bold(`━━━ summary (${formatDuration(totalMs)}) ━━━`));
  for (const line of summaryLines(results)) console.log(line);
  if (failedStages.length > 0) console.log(red(`  failed: ${failedStages.join(', ')}`));
  for (const r of results)
    for (const failure of r.failures ?? []) console.log(red(`    ${r.title}: ${failure}`));
  console.log(finalLine(total)); // must stay the very last line of the output
  return failedStages.length > 0 || total.failed > 0 ? 1 : 0;
}
