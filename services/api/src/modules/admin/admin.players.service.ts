import type { Database } from '@touchline/db';
import { listAdminPlayers, type AdminPlayerRow } from '@touchline/db/admin';
import {
  ageBandOf,
  ageOn,
  isMinorOn,
  todayInLagos,
  type AdminPlayer,
  type AdminPlayerPage,
  type AdminPlayersQuery,
} from '@touchline/shared';
import { adminPage, adminPageRequest, iso } from './admin.lists';

/** A player for administrators: the date of birth, age, minor flag and band, blocked state. */
function playerView(row: AdminPlayerRow, today: string): AdminPlayer {
  const age = row.dob ? ageOn(row.dob, today) : null;
  const minor = isMinorOn(row.dob, today);
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    state: row.state,
    district: row.district,
    sports: row.sports,
    dob: row.dob,
    age,
    minor,
    age_band: minor && age !== null ? ageBandOf(age) : null,
    blocked: !row.isActive,
    blocked_reason: row.blockedReason,
    email_verified: row.emailVerified,
    created_at: iso(row.createdAt),
  };
}

/** Administrators' list of players (block, unblock and date-of-birth corrections are elsewhere). */
export function createAdminPlayersService(deps: { db: Database; clock: () => Date }) {
  return {
    async list(query: AdminPlayersQuery): Promise<AdminPlayerPage> {
      const rows = await listAdminPlayers(deps.db, {
        search: query.search,
        ...adminPageRequest(query),
      });
      const today = todayInLagos(deps.clock());
      return adminPage(rows, query, (row) => playerView(row, today));
    },
  };
}

export type AdminPlayersService = ReturnType<typeof createAdminPlayersService>;
