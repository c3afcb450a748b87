import type { Database } from '@touchline/db';
import {
  countAdminPerDay,
  countAdminTotals,
  countAwaitingReview,
  listAdminLatest,
} from '@touchline/db/admin';
import {
  ADMIN_LIMITS,
  isMinorOn,
  todayInLagos,
  type AdminCounts,
  type AdminStats,
} from '@touchline/shared';
import { addDays, iso } from './admin.lists';

const ACADEMY_STATUS = {
  unverified: 'pending',
  verified: 'verified',
  declined: 'declined',
} as const;
const KINDS = [
  'players',
  'academies',
  'trials',
  'posts',
  'registrations',
  'takings',
  'refunds',
] as const;
type Counted = Omit<AdminCounts, 'net'>;
const zero = (): Counted => ({
  players: 0,
  academies: 0,
  trials: 0,
  posts: 0,
  registrations: 0,
  takings: 0,
  refunds: 0,
});
/** The counts with the money's net (takings − refunds). */
const withNet = (counts: Counted): AdminCounts => ({
  ...counts,
  net: counts.takings - counts.refunds,
});

/**
 * The administrators' home (`GET /api/admin/stats`): totals, this week (the last 7 Lagos days),
 * one entry per day for 8 weeks, what awaits review (pending academies, open reports), and the
 * latest trials, players and academies.
 */
export function createAdminStatsService(deps: { db: Database; clock: () => Date }) {
  return {
    async stats(): Promise<AdminStats> {
      const today = todayInLagos(deps.clock());
      const fromDate = addDays(today, -(ADMIN_LIMITS.statsDays - 1));
      const weekStart = addDays(today, -(ADMIN_LIMITS.weekDays - 1));
      const [totals, perDay, latest, awaiting] = await Promise.all([
        countAdminTotals(deps.db),
        countAdminPerDay(deps.db, fromDate),
        listAdminLatest(deps.db, ADMIN_LIMITS.latest),
        countAwaitingReview(deps.db),
      ]);

      const days = new Map<string, Counted>();
      for (let i = 0; i < ADMIN_LIMITS.statsDays; i++) days.set(addDays(fromDate, i), zero());
      for (const { kind, date, value } of perDay) {
        const day = days.get(date);
        if (day) day[kind] += value; // else a payment stamped in the future of the clock
      }
      const thisWeek = zero();
      for (const [date, day] of days) {
        if (date < weekStart) continue;
        for (const kind of KINDS) thisWeek[kind] += day[kind];
      }

      return {
        currency: 'NGN',
        totals: withNet(totals),
        this_week: withNet(thisWeek),
        week_start: weekStart,
        per_day: [...days].map(([date, day]) => ({ date, ...withNet(day) })),
        awaiting_review: awaiting,
        latest: {
          trials: latest.trials.map((t) => ({
            id: t.id,
            name: t.name,
            trial_date: t.trialDate,
            status: t.status,
            academy: { id: t.academyId, username: t.academyName },
            created_at: iso(t.createdAt),
          })),
          players: latest.players.map((p) => ({
            id: p.id,
            username: p.username,
            minor: isMinorOn(p.dob, today),
            created_at: iso(p.createdAt),
          })),
          academies: latest.academies.map((a) => ({
            id: a.id,
            username: a.username,
            status: ACADEMY_STATUS[a.academyStatus],
            created_at: iso(a.createdAt),
          })),
        },
      };
    },
  };
}

export type AdminStatsService = ReturnType<typeof createAdminStatsService>;
