/**
 * Who may be evaluated (supplement §17, decision 51): a registrant holding a place (registered,
 * selected or rejected: the outcome is a separate decision and may come first), visible to the
 * academy, on a trial whose day has come (Lagos calendar dates). Pure; the one place this rule
 * lives, so a further condition (checked in at the gate) is added here and nowhere else.
 */
export type EvaluationEligibilityFacts = {
  status: string;
  academyVisible: boolean;
  trialDate: string;
  /** Lagos today, `YYYY-MM-DD`. */
  today: string;
};

const HOLDS_A_PLACE: readonly string[] = ['registered', 'selected', 'rejected'];

export function mayEvaluate(facts: EvaluationEligibilityFacts): boolean {
  return (
    facts.academyVisible && HOLDS_A_PLACE.includes(facts.status) && facts.trialDate <= facts.today
  );
}
