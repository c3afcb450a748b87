import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, homeResponseSchema, pageNumberSchema } from '@touchline/shared';
import type { FeedService } from './posts.feed.service';
import { FEED_MAX_PAGE } from './posts.rules';

/** `GET /api/home?page=N`: a feed page, the summary card, trials and academies. */
export function feedRoutes(deps: { feed: FeedService }): FastifyPluginAsyncZod {
  const { feed } = deps;
  return async (app) => {
    app.get(
      '/home',
      {
        schema: {
          tags: ['posts'],
          summary: 'The home page: page 1 fixes the feed order, later pages continue it',
          security: [{ bearer: [] }],
          querystring: z.object({
            page: pageNumberSchema(FEED_MAX_PAGE),
          }),
          response: { 200: homeResponseSchema, 400: errorBodySchema, 401: errorBodySchema },
        },
      },
      async (request) => feed.home(request.auth, request.query.page),
    );
  };
}
