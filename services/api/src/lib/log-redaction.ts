import type { FastifyRequest } from 'fastify';

/**
 * Query parameters whose values are credentials: the queue board's link token, the signatures of
 * `/media-private` URLs (children's chat images) and S3 presigned URLs, OAuth-style codes.
 */
const SECRET_PARAM = /token|sig|signature|credential|secret|key|code|password|otp/i;
export const REDACTED = '[redacted]';

/**
 * A request URL fit for the log (issue 25): every value of a secret-bearing query parameter is
 * replaced, and a signed `/media-private` URL keeps none of its query. The path stays, so a
 * request can still be found.
 */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at === -1) return url;
  const path = url.slice(0, at);
  if (path.startsWith('/media-private')) return `${path}?${REDACTED}`;
  const parts = url
    .slice(at + 1)
    .split('&')
    .map((part) => {
      const eq = part.indexOf('=');
      const name = eq === -1 ? part : part.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // A malformed name is logged as sent, its value redacted below only if it matches.
      }
      return SECRET_PARAM.test(decoded) && eq !== -1 ? `${name}=${REDACTED}` : part;
    });
  return `${path}?${parts.join('&')}`;
}

/** Fastify's request serializer with the URL redacted (the rest as Fastify logs it). */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
