import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminAccountsQuerySchema,
  adminAccountsSchema,
  adminStatsSchema,
  errorBodySchema,
} from '@touchline/shared';
import type { AdminStatsService } from './admin.stats.service';
import type { AdminTakingsService } from './admin.takings.service';

const tags = ['admin'];
const security = [{ bearer: [] }];
const errors = { 401: errorBodySchema, 403: errorBodySchema };

/** The administrators' figures: the home dashboard and the money per academy. */
export function adminStatsRoutes(deps: {
  stats: AdminStatsService;
  takings: AdminTakingsService;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/stats',
      {
        schema: {
          tags,
          summary:
            'Totals and this week’s new players, academies, trials, posts, registrations and takings; 8 weeks per day; the latest',
          security,
          response: { 200: adminStatsSchema, ...errors },
        },
      },
      async () => deps.stats.stats(),
    );

    app.get(
      '/accounts',
      {
        schema: {
          tags,
          summary:
            'Per academy: confirmed takings, refunds and net between `from` and `to` (Lagos dates, inclusive); `format=csv` answers a CSV file',
          security,
          querystring: adminAccountsQuerySchema,
          produces: ['application/json', 'text/csv'],
          response: { 200: adminAccountsSchema, 400: errorBodySchema, ...errors },
        },
      },
      async (request, reply) => {
        if (request.query.format !== 'csv') return deps.takings.accounts(request.query);
        const { fileName, csv } = await deps.takings.accountsCsv(request.query);
        return (
          reply
            .type('text/csv; charset=utf-8')
            .header('content-disposition', `attachment; filename="${fileName}"`)
            .header('cache-control', 'no-store')
            // The CSV is text, not the JSON answer the schema describes: sent as it is.
            .serializer((payload: unknown) => payload as string)
            .send(csv as never)
        );
      },
    );
  };
}
