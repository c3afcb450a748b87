/**
 * Error envelope shared by API and web: every error body has a human `message` (or a list of
 * field problems) and a stable machine `code`, plus the request id for support.
 */
export type ErrorBody = {
  message: string | string[];
  code: string;
  request_id?: string;
  fields?: Record<string, string>;
};

/** Codes the clients branch on. Domain modules add their own `<domain>.<reason>` codes. */
export const ERROR_CODES = {
  validation: 'validation_error',
  notFound: 'not_found',
  unauthorized: 'unauthorized',
  tokenNotValid: 'token_not_valid',
  /** An expired access token: the client refreshes and retries. */
  tokenExpired: 'token_expired',
  userInactive: 'user_inactive',
  forbidden: 'forbidden',
  rateLimited: 'rate_limited',
  /** The database (or another service a request needs) cannot be reached now: try again. */
  unavailable: 'service_unavailable',
  internal: 'internal_error',
  conflict: 'conflict',
  payloadTooLarge: 'payload_too_large',
  unsupportedMedia: 'unsupported_media_type',
  /** A multipart form the server could not read (cut short, malformed). */
  badMultipart: 'bad_multipart',
  /** Any other client error without a code of its own. */
  badRequest: 'bad_request',
  /** A character no text field accepts (U+0000), anywhere in the input. */
  invalidCharacter: 'invalid_character',
} as const;
