import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { academyDashboardSchema, errorBodySchema } from '@touchline/shared';
import type { DashboardService } from './dashboard.service';

/** `GET /api/academy_dashboard`: the signed-in academy's figures (academies only). */
export function dashboardRoutes(deps: { dashboard: DashboardService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/academy_dashboard',
      {
        onRequest: app.requireRole('academy'),
        schema: {
          tags: ['dashboard'],
          summary:
            'The academy dashboard: trials by tab, registrations by status and per Lagos day (30 days), upcoming trials, popular posts, takings and recent payments',
          security: [{ bearer: [] }],
          response: { 200: academyDashboardSchema, 401: errorBodySchema, 403: errorBodySchema },
        },
      },
      async (request) => deps.dashboard.forAcademy(request.auth.userId),
    );
  };
}
