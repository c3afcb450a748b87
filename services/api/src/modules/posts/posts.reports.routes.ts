import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema, messageSchema, POST_MESSAGES, reportSchema } from '@touchline/shared';
import type { ReportsService } from './posts.reports.service';

/**
 * `POST /api/report`: a post, comment, chat message or whole conversation (by its thread name)
 * reported to the administrators (supplement §13).
 */
export function reportsRoutes(deps: { reports: ReportsService }): FastifyPluginAsyncZod {
  const { reports } = deps;
  return async (app) => {
    app.post(
      '/report',
      {
        onRequest: app.requireRole('player', 'academy'),
        schema: {
          tags: ['posts'],
          summary:
            'Report a post, comment, chat message or conversation (`id` = its thread name); members only for chat (others 404); once per target (a repeat answers 200)',
          security: [{ bearer: [] }],
          body: reportSchema,
          response: {
            200: messageSchema,
            201: messageSchema,
            400: errorBodySchema,
            401: errorBodySchema,
            403: errorBodySchema,
            404: errorBodySchema,
          },
        },
      },
      async (request, reply) => {
        const { created } = await reports.report(request.auth, request.body);
        return reply.status(created ? 201 : 200).send({ message: POST_MESSAGES.reported });
      },
    );
  };
}
