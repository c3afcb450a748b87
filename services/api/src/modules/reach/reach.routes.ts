import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorBodySchema,
  messageSchema,
  REACH_TEXTS,
  notificationPreferencesBodySchema,
  notificationPreferencesResponseSchema,
  phoneVerifiedResponseSchema,
  phoneVerifyConfirmSchema,
  phoneVerifyStartSchema,
  pushKeyResponseSchema,
  pushSubscribeSchema,
  pushUnsubscribeSchema,
} from '@touchline/shared';
import type { ReachService } from './reach.service';

const errors = { 400: errorBodySchema, 401: errorBodySchema };
const tags = ['notifications'];

/** Push, preferences and phone verification (supplement §16), for the signed-in caller. */
export function reachRoutes(reach: ReachService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/push/key',
      {
        schema: {
          tags,
          summary: 'The VAPID public key for pushManager.subscribe',
          security: [{ bearer: [] }],
          response: { 200: pushKeyResponseSchema, ...errors },
        },
      },
      async () => reach.publicKey(),
    );

    app.post(
      '/push/subscriptions',
      {
        schema: {
          tags,
          summary:
            "Subscribe this device (the browser's PushSubscription). Only the push services of PUSH_ENDPOINT_HOSTS are accepted (400 otherwise).",
          security: [{ bearer: [] }],
          body: pushSubscribeSchema,
          response: { 201: messageSchema, ...errors },
        },
      },
      async (request, reply) => {
        await reach.subscribe(request.auth.userId, request.body);
        return reply.status(201).send({ message: REACH_TEXTS.pushOn });
      },
    );

    app.delete(
      '/push/subscriptions',
      {
        schema: {
          tags,
          summary: 'Unsubscribe this device (404 when it is not yours)',
          security: [{ bearer: [] }],
          body: pushUnsubscribeSchema,
          response: { 200: messageSchema, ...errors, 404: errorBodySchema },
        },
      },
      async (request) => {
        await reach.unsubscribe(request.auth.userId, request.body.endpoint);
        return { message: REACH_TEXTS.pushOff };
      },
    );

    app.get(
      '/notification_preferences',
      {
        schema: {
          tags,
          summary: 'Your push, e-mail and SMS choices per kind, quiet hours and verified phone',
          security: [{ bearer: [] }],
          response: { 200: notificationPreferencesResponseSchema, ...errors },
        },
      },
      async (request) => reach.preferences(request.auth.userId),
    );

    app.put(
      '/notification_preferences',
      {
        schema: {
          tags,
          summary:
            'Save your choices (every kind and channel); quiet hours are optional for adults',
          security: [{ bearer: [] }],
          body: notificationPreferencesBodySchema,
          response: { 200: notificationPreferencesResponseSchema, ...errors },
        },
      },
      async (request) => reach.savePreferences(request.auth.userId, request.body),
    );

    app.post(
      '/phone/verify',
      {
        config: { rateLimit: { max: 10, timeWindow: 60_000 } },
        schema: {
          tags,
          summary:
            'Send a 6-digit code by SMS to the number (the e-mail code rules: a resend after 60 s, 5 an hour)',
          security: [{ bearer: [] }],
          body: phoneVerifyStartSchema,
          response: { 202: messageSchema, ...errors },
        },
      },
      async (request, reply) => {
        await reach.startPhoneVerification(request.auth.userId, request.body.phone);
        return reply.status(202).send({ message: REACH_TEXTS.codeSent });
      },
    );

    app.put(
      '/phone/verify',
      {
        config: { rateLimit: { max: 20, timeWindow: 60_000 } },
        schema: {
          tags,
          summary: 'Check the code; the number becomes the one SMS go to',
          security: [{ bearer: [] }],
          body: phoneVerifyConfirmSchema,
          response: { 200: phoneVerifiedResponseSchema, ...errors },
        },
      },
      async (request) =>
        reach.confirmPhone(request.auth.userId, request.body.phone, request.body.code),
    );
  };
}
