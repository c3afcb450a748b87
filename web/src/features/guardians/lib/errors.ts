import type { ErrorBody } from '@touchline/shared';
import { ApiError } from '@/lib/api-client';

/** The human message of a 4xx answer, else null (screens show their own fallback). */
export function serverMessage(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status >= 500) return null;
  const body = error.body;
  if (typeof body === 'string') return body.trim() || null;
  const message = body && typeof body === 'object' ? (body as Partial<ErrorBody>).message : null;
  if (Array.isArray(message)) return message.join(' ') || null;
  return typeof message === 'string' && message ? message : null;
}

/** Per-field messages of a 400 `validation_error`. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || !error.body || typeof error.body !== 'object') return {};
  const fields = (error.body as Partial<ErrorBody>).fields;
  return fields && typeof fields === 'object' ? fields : {};
}
