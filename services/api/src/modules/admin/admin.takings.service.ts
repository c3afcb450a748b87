import type { Database } from '@touchline/db';
import { sumTakingsByAcademy } from '@touchline/db/admin';
import { ADMIN_LIMITS, todayInLagos, type AdminAccounts } from '@touchline/shared';
import { toCsv } from '../trials/trials.csv';
import { addDays, lagosMidnight } from './admin.lists';

const naira = (kobo: number) => (kobo / 100).toFixed(2);

/**
 * Money per academy by period (`GET /api/admin/accounts`): confirmed takings (payments paid in
 * the period), refunds (refunded in the period) and net, as JSON or CSV. Periods are Lagos days,
 * both ends included.
 */
export function createAdminTakingsService(deps: { db: Database; clock: () => Date }) {
  async function accounts(query: { from?: string; to?: string }): Promise<AdminAccounts> {
    const to = query.to ?? todayInLagos(deps.clock());
    const from = query.from ?? addDays(to, -(ADMIN_LIMITS.accountsDefaultDays - 1));
    const rows = await sumTakingsByAcademy(deps.db, {
      from: lagosMidnight(from),
      to: lagosMidnight(addDays(to, 1)),
    });
    const totals = { gross: 0, refunded: 0, net: 0 };
    const academies = rows.map((row) => {
      const net = row.gross - row.refunded;
      totals.gross += row.gross;
      totals.refunded += row.refunded;
      totals.net += net;
      return {
        academy: { id: row.academyId, username: row.username, email: row.email },
        payments: row.payments,
        gross: row.gross,
        refunded: row.refunded,
        net,
      };
    });
    return { from, to, currency: 'NGN', academies, totals };
  }

  return {
    accounts,

    /**
     * The same as a spreadsheet (amounts in naira): one row per academy, then the totals. Cells
     * go through the registrants CSV's formula-safe `toCsv` (an academy named `=…` stays text).
     */
    async accountsCsv(query: { from?: string; to?: string }) {
      const report = await accounts(query);
      const rows = [
        [
          'Academy',
          'Email',
          'Academy ID',
          'Payments',
          'Takings (NGN)',
          'Refunds (NGN)',
          'Net (NGN)',
        ],
        ...report.academies.map((a) => [
          a.academy.username,
          a.academy.email,
          a.academy.id,
          a.payments,
          naira(a.gross),
          naira(a.refunded),
          naira(a.net),
        ]),
        [
          'Total',
          '',
          '',
          report.academies.reduce((sum, a) => sum + a.payments, 0),
          naira(report.totals.gross),
          naira(report.totals.refunded),
          naira(report.totals.net),
        ],
      ];
      return {
        fileName: `touchline-accounts-${report.from}-to-${report.to}.csv`,
        csv: toCsv(rows),
      };
    },
  };
}

export type AdminTakingsService = ReturnType<typeof createAdminTakingsService>;
