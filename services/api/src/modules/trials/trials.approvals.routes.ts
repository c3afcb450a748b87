import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorBodySchema,
  guardianApprovalBodySchema,
  guardianApprovalResponseSchema,
} from '@touchline/shared';
import { parseOrThrow } from '../../lib/form';
import type { ApprovalsService } from './trials.approvals.service';

/**
 * `POST /api/guardian/approvals/{registrationId} {decision: "approve"|"decline"}` (supplement
 * §14): a guardian linked to the registering child answers; anyone else gets 404.
 */
export function approvalsRoutes(deps: { approvals: ApprovalsService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/guardian/approvals/:registrationId',
      {
        onRequest: app.requireRole('guardian'),
        config: { rateLimit: { max: 30, timeWindow: 60_000 } },
        schema: {
          tags: ['guardians'],
          summary:
            "Approve or decline a child's trial registration (a paid trial answers the `payment` the guardian completes)",
          security: [{ bearer: [] }],
          params: z.object({ registrationId: z.string().uuid() }),
          body: z.object({ decision: z.string().max(20).optional() }),
          response: {
            200: guardianApprovalResponseSchema,
            400: errorBodySchema,
            401: errorBodySchema,
            403: errorBodySchema,
            404: errorBodySchema,
            409: errorBodySchema,
            502: errorBodySchema,
          },
        },
      },
      async (request) =>
        deps.approvals.decide(
          request.auth.userId,
          request.params.registrationId,
          parseOrThrow(guardianApprovalBodySchema, request.body).decision,
        ),
    );
  };
}
