import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { ERROR_CODES, MESSAGES, type ErrorBody } from '@touchline/shared';
import { RedisUnavailableError, isUnavailableError } from '@touchline/drivers';
import { isAppError } from '../lib/app-error';

/** Seconds a client is told to wait before trying a request that met an unavailable service. */
export const UNAVAILABLE_RETRY_AFTER_S = 5;

/**
 * One error envelope for every failure: `{ message, code, request_id }` (`message` is a list for
 * several field problems, with `fields` naming them). Unexpected errors are logged with the
 * request id and answered without internals. A request that met an unavailable database (down, or
 * no pooled connection free within the wait) is answered 503 with Retry-After.
 */
export const errorsPlugin = fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const request_id = request.id;
      if (isAppError(error)) {
        const body: ErrorBody = { message: error.message, code: error.code, request_id };
        if (error.fields) body.fields = error.fields;
        return reply.status(error.status).send(body);
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const fields: Record<string, string> = {};
        const messages: string[] = [];
        for (const issue of error.validation) {
          const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
          const message = issue.message ?? 'Invalid value';
          if (!(field in fields)) fields[field] = message;
          if (!messages.includes(message)) messages.push(message);
        }
        const body: ErrorBody = {
          message: messages.length === 1 ? messages[0]! : messages,
          code: ERROR_CODES.validation,
          fields,
          request_id,
        };
        return reply.status(400).send(body);
      }
      if (isResponseSerializationError(error)) {
        request.log.error(
          { err: error, issues: error.cause.issues },
          'response did not match schema',
        );
        return reply
          .status(500)
          .send({ message: 'Internal Server Error', code: ERROR_CODES.internal, request_id });
      }
      const status = error.statusCode ?? 500;
      if (status === 429) {
        return reply
          .status(429)
          .send({ message: MESSAGES.tooManyRequests, code: ERROR_CODES.rateLimited, request_id });
      }
      if (status === 413) {
        return reply.status(413).send({
          message: 'The file is too large',
          code: ERROR_CODES.payloadTooLarge,
          request_id,
        });
      }
      if (status >= 400 && status < 500) {
        return reply.status(status).send({
          message: error.message,
          code: error.code ? error.code.toLowerCase() : ERROR_CODES.badRequest,
          request_id,
        });
      }
      if (isUnavailableError(error) || error instanceof RedisUnavailableError) {
        // The database (or Redis) is down, or every pooled connection stayed busy past the wait
        // (connectTimeoutMs): an overload or an outage, not a bug. The client is told to try again.
        request.log.warn({ err: error }, 'a service the request needs is unavailable');
        return reply
          .status(503)
          .header('retry-after', String(UNAVAILABLE_RETRY_AFTER_S))
          .send({
            message: MESSAGES.serviceUnavailable,
            code: ERROR_CODES.unavailable,
            request_id,
          });
      }
      request.log.error({ err: error }, 'unhandled error');
      return reply
        .status(500)
        .send({ message: 'Internal Server Error', code: ERROR_CODES.internal, request_id });
    });
  },
  { name: 'errors' },
);
