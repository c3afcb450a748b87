/**
 * What a refused API call says, for any screen: the human message of a 4xx answer, its per-field
 * messages, its status and code (features re-export these; one copy).
 */
import type { ErrorBody } from '@touchline/shared';
import { ApiError } from '@/lib/api-client';

/**
 * The human message a 4xx answer carried (`message`, or a list of them), else null. Server errors
 * (5xx) and network failures have none: the screens show their own fallback text (spec §8).
 */
export function serverMessage(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status >= 500) return null;
  const body = error.body;
  if (typeof body === 'string') return body.trim() || null;
  const message = body && typeof body === 'object' ? (body as Partial<ErrorBody>).message : null;
  if (Array.isArray(message)) return message.join(' ') || null;
  return typeof message === 'string' && message ? message : null;
}

/** Per-field messages of a 400 `validation_error` (or a 409 / 413 naming one field). */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || !error.body || typeof error.body !== 'object') return {};
  const fields = (error.body as Partial<ErrorBody>).fields;
  return fields && typeof fields === 'object' ? fields : {};
}

export function hasStatus(error: unknown, status: number): error is ApiError {
  return error instanceof ApiError && error.status === status;
}

export function hasCode(error: unknown, code: string): error is ApiError {
  return error instanceof ApiError && error.code === code;
}
