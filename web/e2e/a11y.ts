import type { Page, TestInfo } from '@playwright/test';
import axe from 'axe-core';
import { expect } from '@playwright/test';

/**
 * The accessibility check every journey runs on the screens it keeps (docs/decisions.md §40):
 * axe-core against WCAG 2.1 A and AA, failing on a serious or critical violation. It is a soft
 * assertion, so a journey goes on and reports every screen's violations at its end.
 *
 * Each distinct screen (its name and project) is checked once per worker: a screen kept twice in a
 * run costs one axe pass (about 0.2 s on this machine). axe is put into a page once per document:
 * `@axe-core/playwright`'s builder put its 550 kB source in again for every check, 1.2 s of each
 * 1.4 s check here, a quarter of the journeys' CPU (2026-11-29).
 */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const FAILING_IMPACTS: ReadonlySet<string> = new Set(['serious', 'critical']);
const checked = new Set<string>();

type Result = axe.Result;

/** axe's verdicts on the page as it is now, for the WCAG tags, violations only. */
async function runAxe(page: Page): Promise<Result[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return page.evaluate(
    (tags) =>
      (window as unknown as { axe: typeof axe }).axe
        .run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })
        .then((results) => results.violations),
    WCAG_TAGS,
  );
}

/** A violation as a failure shows it: the rule, its help and the first few elements (with colours). */
export type Violation = { rule: string; impact: string; help: string; targets: string[] };

type Check = { data?: unknown };
/** `color-contrast` says which colours failed: worth seeing in the failure itself. */
function contrastOf(checks: Check[]): string {
  const data = checks.find((check) => check.data)?.data as
    { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined;
  return data?.fgColor ? ` (${data.fgColor} on ${data.bgColor}: ${data.contrastRatio})` : '';
}

/** The serious and critical violations axe finds on the page as it is now. */
export async function seriousViolations(page: Page): Promise<Violation[]> {
  // A card fading in would be measured half transparent. The page is measured as it is once
  // still: with reduced motion (the app's entrance animations are `motion-safe:`), after any
  // other finite animation has ended (spinners and skeletons run forever and are not waited for).
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const still = () =>
    page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
    );
  const analyze = async () => seriousOf(await runAxe(page));
  try {
    await still();
    const first = await analyze();
    if (first.length === 0) return first;
    // Something may have started moving while axe ran (a toast that arrived with a late answer,
    // measured half faded in): what is still wrong once it is still again is what counts.
    await still();
    return await analyze();
  } finally {
    await page.emulateMedia({ reducedMotion: null });
  }
}

function seriousOf(violations: Result[]): Violation[] {
  return violations
    .filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ''))
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      targets: violation.nodes
        .slice(0, 5)
        .map((node) => `${node.target.join(' ')}${contrastOf([...node.any, ...node.all])}`),
    }));
}

/**
 * Runs axe on `page` (once per `screen` name and project) and records any serious or critical
 * violation as a soft failure of the test, with the rule, its help text and the first elements.
 */
export async function expectAccessible(page: Page, testInfo: TestInfo, screen: string) {
  const key = `${testInfo.project.name}:${screen}`;
  if (checked.has(key)) return;
  checked.add(key);
  const violations = await seriousViolations(page);
  expect
    .soft(violations, `axe: serious or critical violations on '${screen}' (${page.url()})`)
    .toEqual([]);
}
