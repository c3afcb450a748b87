import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  accountDeletedSchema,
  childConversationSchema,
  childConversationsSchema,
  childDetailSchema,
  childSettingsSchema,
  childSummarySchema,
  consentDecisionSchema,
  consentRequestViewSchema,
  dataExportStartedSchema,
  errorBodySchema,
  guardianSignupSchema,
  messageSchema,
  passwordField,
} from '@touchline/shared';
import { parseOrThrow } from '../../lib/form';
import type { GuardiansService } from './guardians.service';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
};
const MINUTE = 60_000;
const tokenParams = z.object({ token: z.string().min(1).max(200) });
const childParams = z.object({ id: z.string().uuid() });
const client = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
});

/** Public: the consent page's data and the guardian account tied to a consent link. */
export function guardianPublicRoutes(deps: { guardians: GuardiansService }): FastifyPluginAsyncZod {
  const { guardians } = deps;
  return async (app) => {
    app.get(
      '/guardian/consent/:token',
      {
        config: { rateLimit: { max: 30, timeWindow: MINUTE } },
        schema: {
          tags: ['guardians'],
          summary: 'What the consent page shows: the child, the notice and its version',
          params: tokenParams,
          response: { 200: consentRequestViewSchema, ...errors, 410: errorBodySchema },
        },
      },
      async (request) => guardians.view(request.params.token),
    );

    app.post(
      '/guardian/signup',
      {
        config: { rateLimit: { max: 10, timeWindow: MINUTE } },
        schema: {
          tags: ['guardians'],
          summary: 'Create a guardian account from a consent link (then verify the e-mailed code)',
          body: z.object({
            token: z.string().max(200).optional(),
            username: z.string().max(500).optional(),
            email: z.string().max(500).optional(),
            password: z.string().max(500).optional(),
          }),
          response: { 201: messageSchema, ...errors, 409: errorBodySchema, 410: errorBodySchema },
        },
      },
      async (request, reply) => {
        const body = parseOrThrow(guardianSignupSchema, request.body);
        parseOrThrow(z.object({ password: passwordField }), request.body);
        return reply.status(201).send(await guardians.signup(body));
      },
    );
  };
}

/** Signed-in: the child's 'Resend to my guardian', and everything a guardian does. */
export function guardianRoutes(deps: {
  guardians: GuardiansService;
  exports: { requestExport: (input: { subjectId: string; actorId: string }) => Promise<unknown> };
  deletion: {
    deleteAccount: (input: {
      subjectId: string;
      actorId: string;
      immediately: boolean;
    }) => Promise<{ message: string; erase_after: string; immediately: boolean }>;
  };
}): FastifyPluginAsyncZod {
  const { guardians } = deps;
  return async (app) => {
    const guardianOnly = app.requireRole('guardian');

    app.post(
      '/guardian/resend',
      {
        onRequest: app.requireRole('player'),
        config: { rateLimit: { max: 10, timeWindow: MINUTE } },
        schema: {
          tags: ['guardians'],
          summary: 'Resend to my guardian: a fresh consent link (a few an hour)',
          security: [{ bearer: [] }],
          response: { 200: messageSchema, ...errors, 409: errorBodySchema, 429: errorBodySchema },
        },
      },
      async (request) => guardians.resend(request.auth.userId),
    );

    app.post(
      '/guardian/consent/:token',
      {
        config: { rateLimit: { max: 30, timeWindow: MINUTE } },
        schema: {
          tags: ['guardians'],
          summary: 'A signed-in guardian gives or declines consent (recorded in the ledger)',
          security: [{ bearer: [] }],
          params: tokenParams,
          body: z.object({
            decision: z.string().max(20).optional(),
            relationship: z.string().max(500).optional(),
          }),
          response: { 200: messageSchema, ...errors, 409: errorBodySchema, 410: errorBodySchema },
        },
      },
      async (request) =>
        guardians.decide(
          request.auth.userId,
          request.params.token,
          parseOrThrow(consentDecisionSchema, request.body),
          client(request),
        ),
    );

    app.get(
      '/guardian/children',
      {
        onRequest: guardianOnly,
        schema: {
          tags: ['guardians'],
          summary: "The guardian's linked children",
          security: [{ bearer: [] }],
          response: { 200: z.object({ results: z.array(childSummarySchema) }), ...errors },
        },
      },
      async (request) => guardians.children(request.auth.userId),
    );

    app.get(
      '/guardian/children/:id',
      {
        onRequest: guardianOnly,
        schema: {
          tags: ['guardians'],
          summary: 'A linked child: profile, trial registrations and payments',
          security: [{ bearer: [] }],
          params: childParams,
          response: { 200: childDetailSchema, ...errors },
        },
      },
      async (request) => guardians.child(request.auth.userId, request.params.id),
    );

    app.get(
      '/guardian/children/:id/conversations',
      {
        onRequest: guardianOnly,
        schema: {
          tags: ['guardians'],
          summary: "The child's conversations with academies (read only)",
          security: [{ bearer: [] }],
          params: childParams,
          response: { 200: childConversationsSchema, ...errors },
        },
      },
      async (request) => guardians.conversations(request.auth.userId, request.params.id),
    );

    app.get(
      '/guardian/children/:id/conversations/:threadName',
      {
        onRequest: guardianOnly,
        schema: {
          tags: ['guardians'],
          summary: "One of the child's academy conversations (read only)",
          security: [{ bearer: [] }],
          params: childParams.extend({ threadName: z.string().min(1).max(200) }),
          response: { 200: childConversationSchema, ...errors },
        },
      },
      async (request) =>
        guardians.conversation(request.auth.userId, request.params.id, request.params.threadName),
    );

    app.put(
      '/guardian/children/:id/settings',
      {
        onRequest: guardianOnly,
        schema: {
          tags: ['guardians'],
          summary: 'Who may message the child: friends and academies, friends, or nobody',
          security: [{ bearer: [] }],
          params: childParams,
          body: z.object({ messaging: z.string().max(40).optional() }),
          response: { 200: childSettingsSchema, ...errors },
        },
      },
      async (request) =>
        guardians.settings(
          request.auth.userId,
          request.params.id,
          parseOrThrow(childSettingsSchema, request.body).messaging,
        ),
    );

    app.post(
      '/guardian/children/:id/withdraw',
      {
        onRequest: guardianOnly,
        schema: {
          tags: ['guardians'],
          summary: "Withdraw consent: the child's account is frozen at once, erased after 30 days",
          security: [{ bearer: [] }],
          params: childParams,
          response: { 200: messageSchema, ...errors },
        },
      },
      async (request) =>
        guardians.withdraw(request.auth.userId, request.params.id, client(request)),
    );

    app.post(
      '/guardian/children/:id/export',
      {
        onRequest: guardianOnly,
        schema: {
          tags: ['guardians'],
          summary: "Export a linked child's data ('Your data', made for the child)",
          security: [{ bearer: [] }],
          params: childParams,
          response: { 202: dataExportStartedSchema, ...errors, 429: errorBodySchema },
        },
      },
      async (request, reply) => {
        await guardians.child(request.auth.userId, request.params.id);
        const started = await deps.exports.requestExport({
          subjectId: request.params.id,
          actorId: request.auth.userId,
        });
        return reply.status(202).send(started as z.infer<typeof dataExportStartedSchema>);
      },
    );

    app.delete(
      '/guardian/children/:id',
      {
        onRequest: guardianOnly,
        schema: {
          tags: ['guardians'],
          summary: "Delete a linked child's account ('Your data'; `immediately` erases at once)",
          security: [{ bearer: [] }],
          params: childParams,
          querystring: z.object({ immediately: z.enum(['true', 'false']).optional() }),
          response: { 200: accountDeletedSchema, ...errors },
        },
      },
      async (request) => {
        await guardians.child(request.auth.userId, request.params.id);
        return deps.deletion.deleteAccount({
          subjectId: request.params.id,
          actorId: request.auth.userId,
          immediately: request.query.immediately === 'true',
        });
      },
    );
  };
}
