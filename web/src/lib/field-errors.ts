import { ApiError } from '@/lib/api-client';

/** The `fields` of a 400 answer (`{field: message}` or `{field: [messages]}`), if any. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || typeof error.body !== 'object' || error.body === null)
    return {};
  const fields = (error.body as { fields?: unknown }).fields;
  if (typeof fields !== 'object' || fields === null) return {};
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(fields)) {
    const message = Array.isArray(value) ? value[0] : value;
    if (typeof message === 'string') out[key] = message;
  }
  return out;
}
