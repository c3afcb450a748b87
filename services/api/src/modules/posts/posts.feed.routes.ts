import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  beforeCursorSchema,
  errorBodySchema,
  homeResponseSchema,
  pageNumberSchema,
} from '@touchline/shared';
import type { FeedService } from './posts.feed.service';
import { FEED_MAX_PAGE } from './posts.rules';

/**
 * `GET /api/home?page=N` or `?before=<cursor>`: a feed page, the summary card, trials and
 * academies. `before` wins when both are sent (decision 33).
 */
export function feedRoutes(deps: { feed: FeedService }): FastifyPluginAsyncZod {
  const { feed } = deps;
  return async (app) => {
    app.get(
      '/home',
      {
        schema: {
          tags: ['posts'],
          summary:
            'The home page: page 1 fixes the feed order, later pages continue it; past its end, `before` (the last page’s `next`) continues through the network',
          security: [{ bearer: [] }],
          querystring: z.object({
            page: pageNumberSchema(FEED_MAX_PAGE),
            before: beforeCursorSchema,
          }),
          response: { 200: homeResponseSchema, 400: errorBodySchema, 401: errorBodySchema },
        },
      },
      async (request) => feed.home(request.auth, request.query),
    );
  };
}
