/**
 * Who may be evaluated (supplement §17, decisions 50 and 51): an attendee — a registrant holding a
 * place (registered, selected or rejected: the outcome is a separate decision and may come first),
 * visible to the academy, checked in at the gate, on a trial whose day has come (Lagos calendar
 * dates). Pure; the one place this rule lives.
 */
export type EvaluationEligibilityFacts = {
  status: string;
  academyVisible: boolean;
  /** When the player was checked in at the trial (decision 50); null: not (yet) attended. */
  checkedInAt: Date | string | null;
  trialDate: string;
  /** Lagos today, `YYYY-MM-DD`. */
  today: string;
};

const HOLDS_A_PLACE: readonly string[] = ['registered', 'selected', 'rejected'];

export function mayEvaluate(facts: EvaluationEligibilityFacts): boolean {
  return (
    facts.academyVisible &&
    HOLDS_A_PLACE.includes(facts.status) &&
    facts.checkedInAt !== null &&
    facts.trialDate <= facts.today
  );
}
