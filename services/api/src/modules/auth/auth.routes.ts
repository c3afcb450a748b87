import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import {
  academyStep1Schema,
  ERROR_CODES,
  MESSAGES,
  academyStep2Schema,
  emailOnlySchema,
  guardianContactFields,
  todayInLagos,
  errorBodySchema,
  googleLoginSchema,
  googleResponseSchema,
  LICENCE_TYPES,
  LIMITS,
  loginResponseSchema,
  loginSchema,
  messageSchema,
  otpVerifyResponseSchema,
  otpVerifySchema,
  refreshSchema,
  resetPasswordSchema,
  resolveSports,
  signupStep1Schema,
  signupStep2Schema,
  tokenPairSchema,
} from '@touchline/shared';
import { parseOrThrow, readForm } from '../../lib/form';
import { AppError } from '../../lib/app-error';
import { guardianContactFor } from '../guardians/guardians.contact';
import { authErrors } from './auth.errors';
import type { AuthService } from './auth.service';
import type { TokensService } from './auth.tokens.service';
import { CLEAR_BOARD_COOKIE } from '../admin/admin.queues.board-auth';

const MINUTE = 60_000;
const tooManyRequests = (seconds: number) =>
  new AppError(429, ERROR_CODES.rateLimited, `${MESSAGES.tooManyRequests} (retry in ${seconds} s)`);
const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  409: errorBodySchema,
  429: errorBodySchema,
};
const client = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
});
const emailKey = (request: FastifyRequest) => {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return `email:${typeof email === 'string' ? email.trim().toLowerCase() : request.ip}`;
};

const list = (v: string | string[] | undefined) =>
  v === undefined ? [] : (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean);

/** Public authentication endpoints (spec §7 and supplement §12 names), all under /api. */
export function authRoutes(deps: {
  auth: AuthService;
  tokens: TokensService;
}): FastifyPluginAsyncZod {
  const { auth, tokens } = deps;
  return async (app) => {
    const ipBudget = app.config.AUTH_RATE_LIMIT_PER_MINUTE;
    const addressBudget = app.config.AUTH_ADDRESS_LIMIT_PER_15_MIN;
    /** A share of the per-IP budget for one endpoint (signup and code sends get a third). */
    const perIp = (share: number) => ({
      rateLimit: { max: Math.max(1, Math.round(ipBudget * share)), timeWindow: MINUTE },
    });
    /** A second, per-address budget (the per-IP one runs first, in onRequest). */
    const perEmail = (max: number, windowMs = 15 * MINUTE) => {
      const check = app.createRateLimit({ max, timeWindow: windowMs, keyGenerator: emailKey });
      return async (request: FastifyRequest) => {
        const result = await check(request);
        if (!result.isAllowed && result.isExceeded) throw tooManyRequests(result.ttlInSeconds);
      };
    };

    app.post(
      '/signup',
      {
        config: perIp(1 / 3),
        schema: {
          tags: ['auth'],
          summary:
            'Create a player or academy account (multipart form; academies attach a licence)',
          consumes: ['multipart/form-data', 'application/json'],
          response: { 201: messageSchema, ...errors, 413: errorBodySchema },
        },
      },
      async (request, reply) => {
        const { fields, file } = await readForm(request, LIMITS.licenceMaxBytes);
        const isAcademy = fields.is_academy === 'true' || fields.is_academy === '1';
        const flat = Object.fromEntries(
          Object.entries(fields).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]),
        );
        if (!isAcademy) {
          const step1 = parseOrThrow(signupStep1Schema, flat);
          const step2 = parseOrThrow(signupStep2Schema, flat);
          const guardian = guardianContactFor(
            { dob: step1.dob, email: step1.email, today: todayInLagos(app.clock()) },
            parseOrThrow(guardianContactFields, flat),
          );
          const result = await auth.signup({
            role: 'player',
            ...step1,
            guardian,
            establishedOn: null,
            state: step2.state,
            district: step2.district,
            sports: resolveSports([step2.sport], step2.customSport),
            licence: null,
          });
          return reply.status(201).send(result);
        }
        const step1 = parseOrThrow(academyStep1Schema, flat);
        const sports = list(fields.sports ?? fields.sport);
        const step2 = parseOrThrow(academyStep2Schema, { ...flat, sports });
        if (!file || file.buffer.length === 0) throw authErrors.licenceRequired();
        if (file.truncated) throw authErrors.licenceSize();
        const type = await fileTypeFromBuffer(file.buffer);
        if (!type || !(LICENCE_TYPES as readonly string[]).includes(type.mime))
          throw authErrors.licenceType();
        const result = await auth.signup({
          role: 'academy',
          username: step1.username,
          email: step1.email,
          password: step1.password,
          dob: null,
          establishedOn: step1.established_on,
          state: step2.state,
          district: step2.district,
          sports: resolveSports(step2.sports, step2.customSport),
          licence: { buffer: file.buffer, contentType: type.mime, extension: type.ext },
        });
        return reply.status(201).send(result);
      },
    );

    app.post(
      '/login',
      {
        config: perIp(1),
        preHandler: perEmail(addressBudget),
        schema: {
          tags: ['auth'],
          summary: 'Check credentials; answers the session user',
          body: loginSchema,
          response: { 200: loginResponseSchema, ...errors },
        },
      },
      async (request) => auth.login(request.body.email, request.body.password, request.body),
    );

    app.post(
      '/token/',
      {
        config: perIp(1),
        preHandler: perEmail(addressBudget),
        schema: {
          tags: ['auth'],
          summary: 'Open a session; answers the access and refresh tokens',
          body: loginSchema,
          response: { 200: tokenPairSchema, ...errors },
        },
      },
      async (request) =>
        auth.token(request.body.email, request.body.password, request.body, client(request)),
    );

    app.post(
      '/token/refresh/',
      {
        config: perIp(2),
        schema: {
          tags: ['auth'],
          summary: 'Rotate the refresh token',
          body: refreshSchema,
          response: { 200: tokenPairSchema, ...errors },
        },
      },
      async (request) => tokens.refresh(request.body.refresh),
    );

    app.post(
      '/logout',
      {
        schema: {
          tags: ['auth'],
          summary: 'End the session of this refresh token',
          body: refreshSchema,
          response: { 200: messageSchema, ...errors },
        },
      },
      async (request, reply) => {
        await tokens.logout(request.body.refresh);
        // The queue board's cookie ends with the session (it is also refused once the session
        // is gone); the header reaches the browser whatever path the board lives under.
        return reply
          .header('set-cookie', CLEAR_BOARD_COOKIE)
          .send({ message: 'Logged out successfully' });
      },
    );

    app.put(
      '/otp_verification',
      {
        config: perIp(1),
        preHandler: perEmail(addressBudget),
        schema: {
          tags: ['auth'],
          summary: 'Verify an e-mail code (purpose reset answers a reset token)',
          body: otpVerifySchema,
          response: {
            200: otpVerifyResponseSchema,
            ...errors,
          },
        },
      },
      async (request) =>
        request.body.purpose === 'reset'
          ? auth.verifyResetCode(request.body.email, request.body.otp)
          : auth.verifyEmail(request.body.email, request.body.otp),
    );

    app.post(
      '/resend_otp',
      {
        config: perIp(1 / 3),
        preHandler: perEmail(10, 60 * MINUTE),
        schema: {
          tags: ['auth'],
          summary: 'Send a new verification code',
          body: emailOnlySchema,
          response: { 200: messageSchema, ...errors },
        },
      },
      async (request) => auth.resendVerification(request.body.email),
    );

    app.post(
      '/forget_pass',
      {
        config: perIp(1 / 3),
        preHandler: perEmail(10, 60 * MINUTE),
        schema: {
          tags: ['auth'],
          summary: 'Send a password reset code',
          body: emailOnlySchema,
          response: { 200: messageSchema, ...errors },
        },
      },
      async (request) => auth.forgotPassword(request.body.email),
    );

    app.post(
      '/reset_password',
      {
        config: perIp(1 / 3),
        schema: {
          tags: ['auth'],
          summary: 'Set a new password with a reset token',
          body: resetPasswordSchema,
          response: { 200: messageSchema, ...errors },
        },
      },
      async (request) => auth.resetPassword(request.body.reset_token, request.body.password),
    );

    app.post(
      '/google',
      {
        config: perIp(1),
        schema: {
          tags: ['auth'],
          summary: 'Sign in or sign up with a Google ID token (always a player)',
          body: googleLoginSchema,
          response: { 200: googleResponseSchema, ...errors, 404: errorBodySchema },
        },
      },
      async (request) => auth.google(request.body.access_token, client(request)),
    );
  };
}
