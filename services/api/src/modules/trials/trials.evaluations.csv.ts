import type { EvaluationRow } from '@touchline/db/trials';

/**
 * The evaluation columns of the registrants CSV (decision 51), appended after the answers: one
 * column per criterion used on the trial (in first-use order), the notes, whether it was shared,
 * and the four measurements. Empty cells for a registrant not evaluated; no columns at all while
 * nobody of the trial is evaluated (before the trial day the file is the registration list).
 */
export function evaluationCsvColumns(shape: { evaluated: boolean; criteria: readonly string[] }): {
  header: string[];
  cellsFor: (evaluation: EvaluationRow | undefined) => (string | number | null)[];
} {
  if (!shape.evaluated) return { header: [], cellsFor: () => [] };
  const { criteria } = shape;
  return {
    header: [
      ...criteria.map((c) => `Score: ${c}`),
      'Evaluation notes',
      'Evaluation shared',
      'Height (cm)',
      'Weight (kg)',
      '30 m sprint (s)',
      'Standing reach (cm)',
    ],
    cellsFor(e) {
      const scores = new Map(e?.scores.map((s) => [s.criterion, s.score]));
      return [
        ...criteria.map((c) => scores.get(c) ?? ''),
        e?.notes ?? '',
        e ? (e.sharedAt ? 'yes' : 'no') : '',
        e?.heightCm ?? '',
        e?.weightKg ?? '',
        e?.sprint30mSeconds ?? '',
        e?.standingReachCm ?? '',
      ];
    },
  };
}
