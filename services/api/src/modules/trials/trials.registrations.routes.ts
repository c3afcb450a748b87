import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorBodySchema,
  PAYMENT_MESSAGES,
  REGISTRATION_STATUSES,
  registerBodySchemaAt,
  registerResponseSchema,
  registrantListSchema,
  registrantsQuerySchema,
  registrationStatusBodySchema,
  startPaymentSchema,
  TRIAL_MESSAGES,
  trialHistoryQuerySchema,
  trialHistoryResponseSchema,
} from '@touchline/shared';
import type { RegistrationsService } from './trials.registrations.service';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };
const security = [{ bearer: [] }];
const tags = ['trials'];
const idParams = z.object({ id: z.string().uuid() });

const cancelledSchema = z.object({
  message: z.string(),
  id: z.string(),
  status: z.enum(REGISTRATION_STATUSES),
  /** True when a succeeded payment is being refunded. */
  refund: z.boolean(),
});
const statusSetSchema = z.object({
  message: z.string(),
  id: z.string(),
  reference_code: z.string(),
  status: z.enum(REGISTRATION_STATUSES),
});

/**
 * Registrations (supplement §5, §12 names): players register (`POST player_trial`), cancel their
 * own and read their history; the owning academy reads its registrants (JSON or `?format=csv`)
 * and sets each one's outcome.
 */
export function registrationsRoutes(deps: {
  registrations: RegistrationsService;
}): FastifyPluginAsyncZod {
  const { registrations } = deps;
  return async (app) => {
    const players = app.requireRole('player');
    const academies = app.requireRole('academy');

    app.post(
      '/player_trial',
      {
        onRequest: [players, app.requireConsent],
        schema: {
          tags,
          summary: `Register for a trial; a paid trial answers the \`payment\` to complete (${PAYMENT_MESSAGES.unavailable}: 502, the place is released); a full trial answers \`waitlisted\` with its \`waitlist_position\``,
          security,
          body: registerBodySchemaAt(app.clock),
          response: {
            201: registerResponseSchema,
            ...errors,
            404: errorBodySchema,
            409: errorBodySchema,
            502: errorBodySchema,
          },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await registrations.register(request.auth, request.body)),
    );

    app.delete(
      '/player_trial/:id',
      {
        onRequest: players,
        schema: {
          tags,
          summary:
            'Cancel your registration before the deadline (the place is freed and goes to the first in the waitlist; a payment is refunded), or leave the waitlist',
          security,
          params: idParams,
          response: { 200: cancelledSchema, ...errors, 404: errorBodySchema, 409: errorBodySchema },
        },
      },
      async (request) => ({
        message: TRIAL_MESSAGES.registrationCancelled,
        ...(await registrations.cancel(request.auth, request.params.id)),
      }),
    );

    app.post(
      '/player_trial/:id/payment',
      {
        onRequest: players,
        schema: {
          tags,
          summary:
            'Pay for your registration holding a place (a promotion from the waitlist, or to resume): answers where to pay',
          security,
          params: idParams,
          response: {
            200: startPaymentSchema,
            ...errors,
            404: errorBodySchema,
            409: errorBodySchema,
            502: errorBodySchema,
          },
        },
      },
      async (request) => registrations.pay(request.auth, request.params.id),
    );

    app.get(
      '/trial_history',
      {
        onRequest: players,
        schema: {
          tags,
          summary: 'Your registrations ("View Joined Trials"), newest first',
          security,
          querystring: trialHistoryQuerySchema,
          response: { 200: trialHistoryResponseSchema, ...errors },
        },
      },
      async (request) => registrations.history(request.auth, request.query.page),
    );

    app.get(
      '/players_in_trial_list/:trialId',
      {
        onRequest: academies,
        schema: {
          tags,
          summary:
            'Your trial’s registrants with their answers, a page at a time (`after` = the answer’s `next`; `q` searches); `?format=csv` answers the whole list as a CSV file (one row per registrant)',
          security,
          params: z.object({ trialId: z.string().uuid() }),
          querystring: registrantsQuerySchema,
          produces: ['application/json', 'text/csv'],
          response: { 200: registrantListSchema, ...errors, 404: errorBodySchema },
        },
      },
      async (request, reply) => {
        const { trialId } = request.params;
        const { format, ...page } = request.query;
        if (format !== 'csv') return registrations.registrants(request.auth, trialId, page);
        const { fileName, lines } = await registrations.registrantsCsv(request.auth, trialId);
        return (
          reply
            .type('text/csv; charset=utf-8')
            .header('content-disposition', `attachment; filename="${fileName}"`)
            .header('cache-control', 'no-store')
            // Streamed in batches (issue 25 item 12): a trial of any size costs a batch's memory.
            // A stream is piped as it is, never through the JSON answer's serializer.
            .send(Readable.from(lines) as never)
        );
      },
    );

    app.put(
      '/player_trial/:id/status',
      {
        onRequest: academies,
        schema: {
          tags,
          summary: 'Select or reject a registered player of your trial',
          security,
          params: idParams,
          body: registrationStatusBodySchema,
          response: { 200: statusSetSchema, ...errors, 404: errorBodySchema, 409: errorBodySchema },
        },
      },
      async (request) => ({
        message: TRIAL_MESSAGES.statusUpdated,
        ...(await registrations.setStatus(request.auth, request.params.id, request.body.status)),
      }),
    );
  };
}
