import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorBodySchema,
  pageNumberSchema,
  searchResultsSchema,
  searchSuggestionsSchema,
} from '@touchline/shared';
import type { SearchService } from './search.service';

const q = z.string().trim().min(1, 'Enter something to search for').max(100);

/** `GET /api/search?q=` (navbar suggestions, spec §7) and `GET /api/search/results` (the page). */
export function searchRoutes(deps: { search: SearchService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/search',
      {
        schema: {
          tags: ['search'],
          summary: 'Suggestions for the search box: up to 8 (the box shows 7 and offers See All)',
          security: [{ bearer: [] }],
          querystring: z.object({ q }),
          response: {
            200: searchSuggestionsSchema,
            400: errorBodySchema,
            401: errorBodySchema,
          },
        },
      },
      async (request) => deps.search.suggestions(request.auth.userId, request.query.q),
    );
    app.get(
      '/search/results',
      {
        schema: {
          tags: ['search'],
          summary: 'All results, by tab, with the fitting action for each row',
          security: [{ bearer: [] }],
          querystring: z.object({
            q,
            type: z.enum(['all', 'players', 'academies', 'trials']).default('all'),
            page: pageNumberSchema(100),
          }),
          response: { 200: searchResultsSchema, 400: errorBodySchema, 401: errorBodySchema },
        },
      },
      async (request) =>
        deps.search.results(
          request.auth.userId,
          request.query.q,
          request.query.type,
          request.query.page,
        ),
    );
  };
}
