import type { Database } from '@touchline/db';
import { findAdminTrial, listAdminTrials, type AdminTrialRow } from '@touchline/db/admin';
import type { AdminTrial, AdminTrialPage, AdminTrialsQuery } from '@touchline/shared';
import { adminPage, adminPageRequest, iso } from './admin.lists';

function trialView(row: AdminTrialRow): AdminTrial {
  return {
    id: row.id,
    name: row.name,
    sport: row.sport,
    state: row.state,
    district: row.district,
    venue: row.venue,
    trial_date: row.trialDate,
    start_time: row.startTime,
    status: row.status,
    cancel_reason: row.cancelReason,
    registered_count: row.registeredCount,
    total_participant_limit: row.participantLimit,
    registration_fee: row.feeKobo,
    currency: row.currency,
    academy: { id: row.academyId, username: row.academyName },
    created_at: iso(row.createdAt),
  };
}

/** Administrators' list of every trial, any academy, any date. */
export function createAdminTrialsService(deps: { db: Database }) {
  return {
    async list(query: AdminTrialsQuery): Promise<AdminTrialPage> {
      const rows = await listAdminTrials(deps.db, {
        search: query.search,
        status: query.status,
        ...adminPageRequest(query),
      });
      return adminPage(rows, query, trialView);
    },

    /** One trial as the list shows it (null when missing). */
    async get(trialId: string): Promise<AdminTrial | null> {
      const row = await findAdminTrial(deps.db, trialId);
      return row ? trialView(row) : null;
    },
  };
}

export type AdminTrialsService = ReturnType<typeof createAdminTrialsService>;
