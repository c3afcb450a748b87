import type { Database } from '@touchline/db';
import {
  countAcademyRegistrationsByStatus,
  countAcademyRegistrationsPerDay,
  countAcademyTrialsByTab,
  listPopularAcademyPosts,
  listRecentAcademyPayments,
  listUpcomingAcademyTrials,
  sumAcademyTakings,
} from '@touchline/db/dashboard';
import { listAcademyEvaluationProgress } from '@touchline/db/trials';
import {
  DASHBOARD_LIMITS,
  ACADEMY_REGISTRATION_STATUSES,
  todayInLagos,
  type AcademyDashboard,
} from '@touchline/shared';

const DAY_MS = 24 * 60 * 60 * 1000;

/** `YYYY-MM-DD` plus `days` (negative goes back), as calendar dates (no time zone involved). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

/** Cuts a post's text for the dashboard list on a character (never a half surrogate pair). */
function excerptOf(content: string): string {
  const chars = [...content.replace(/\s+/g, ' ').trim()];
  const max = DASHBOARD_LIMITS.postExcerptLength;
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max - 1).join('')}…`;
}

/** Evaluation progress of the academy's latest trials whose day has come (decision 51). */
async function evaluationProgressOf(db: Database, academyId: string, today: string) {
  const rows = await listAcademyEvaluationProgress(db, { academyId, today, limit: 5 });
  return rows.map((r) => ({
    trial_id: r.trialId,
    name: r.name,
    trial_date: r.trialDate,
    evaluated: r.evaluated,
    evaluable: r.evaluable,
    checked_in: r.evaluable,
    expected: r.expected,
    no_shows: r.noShows,
  }));
}

/**
 * The academy dashboard: read-only figures over the caller's own trials, registrations, payments
 * and posts. Days are Lagos days; the last of `registrations_per_day` is today.
 */
export function createDashboardService(deps: { db: Database; clock: () => Date }) {
  return {
    async forAcademy(academyId: string): Promise<AcademyDashboard> {
      const today = todayInLagos(deps.clock());
      const fromDate = addDays(today, -(DASHBOARD_LIMITS.registrationDays - 1));
      const [tabs, byStatus, perDay, upcoming, posts, takings, payments] = await Promise.all([
        countAcademyTrialsByTab(deps.db, { academyId, today }),
        countAcademyRegistrationsByStatus(deps.db, academyId),
        countAcademyRegistrationsPerDay(deps.db, { academyId, fromDate }),
        listUpcomingAcademyTrials(deps.db, {
          academyId,
          today,
          limit: DASHBOARD_LIMITS.upcomingTrials,
        }),
        listPopularAcademyPosts(deps.db, { academyId, limit: DASHBOARD_LIMITS.popularPosts }),
        sumAcademyTakings(deps.db, academyId),
        listRecentAcademyPayments(deps.db, { academyId, limit: DASHBOARD_LIMITS.recentPayments }),
      ]);

      const evaluation = await evaluationProgressOf(deps.db, academyId, today);
      const counted = new Map(byStatus.map((row) => [row.status, row.count]));
      const daily = new Map(perDay.map((row) => [row.date, row.count]));
      return {
        trial_counts: tabs,
        registration_counts: Object.fromEntries(
          ACADEMY_REGISTRATION_STATUSES.map((status) => [status, counted.get(status) ?? 0]),
        ) as AcademyDashboard['registration_counts'],
        registrations_per_day: Array.from({ length: DASHBOARD_LIMITS.registrationDays }, (_, i) => {
          const date = addDays(fromDate, i);
          return { date, count: daily.get(date) ?? 0 };
        }),
        upcoming_trials: upcoming.map((t) => ({
          id: t.id,
          name: t.name,
          trial_date: t.trialDate,
          start_time: t.startTime,
          venue: t.venue,
          state: t.state,
          district: t.district,
          registered_count: t.registeredCount,
          total_participant_limit: t.participantLimit,
          registration_fee: t.feeKobo,
          currency: t.currency,
        })),
        evaluation_progress: evaluation,
        popular_posts: posts.map((p) => ({
          id: p.id,
          excerpt: excerptOf(p.content),
          likes_count: p.likesCount,
          comments_count: p.commentsCount,
          created_at: iso(p.createdAt),
        })),
        takings: {
          gross: takings.gross,
          refunded: takings.refunded,
          net: takings.gross - takings.refunded,
          currency: takings.currency,
        },
        recent_payments: payments.map((p) => ({
          reference: p.reference,
          amount: p.amountKobo,
          currency: p.currency,
          status: p.status,
          player_name: p.playerName,
          reference_code: p.referenceCode,
          trial: { id: p.trialId, name: p.trialName },
          created_at: iso(p.createdAt),
          paid_at: isoOrNull(p.paidAt),
          refunded_at: isoOrNull(p.refundedAt),
        })),
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
