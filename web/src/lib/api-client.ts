import type { ErrorBody } from '@touchline/shared';
import { ERROR_CODES } from '@touchline/shared';
import { API_BASE_PATH } from '@/config/app';
import { expireSession } from './session-expiry';
import { getAccessToken, getRefreshToken, isTokenExpired, storeTokens } from './tokens';

/**
 * The one way the web talks to the API (spec §7): base `/api/`, a Bearer token when one is
 * stored, JSON or multipart bodies, and one refresh-and-retry on a 401.
 */

/** A failed call. For 5xx the message is the status text; otherwise the body's message. */
export class ApiError extends Error {
  readonly status: number;
  readonly statusText: string;
  /** The parsed error body (`{ message, code }` envelope) or raw text; null for 5xx. */
  readonly body: unknown;
  readonly code: string | null;

  constructor(status: number, statusText: string, body: unknown) {
    super(status >= 500 ? statusText || 'Server error' : (messageOf(body) ?? statusText));
    this.name = 'ApiError';
    this.status = status;
    this.statusText = statusText;
    this.body = status >= 500 ? null : body;
    this.code = codeOf(body);
  }
}

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

/** Reads an answer: every endpoint passes its zod schema from `@touchline/shared`. */
export type ResponseSchema<T> = { parse(data: unknown): T };

export type RequestOptions<T> = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: QueryParams;
  /** A plain object is sent as JSON, FormData as multipart (the browser sets the boundary). */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Validates the answer, so a response's type always comes from the shared contract. */
  schema: ResponseSchema<T>;
};

type CallOptions<T> = Omit<RequestOptions<T>, 'method' | 'body' | 'schema'>;

export type UploadOptions<T> = Omit<RequestOptions<T>, 'body' | 'headers'> & {
  /** Called with the fraction sent, 0…1. */
  onProgress?: (fraction: number) => void;
};

type RawResponse = { status: number; statusText: string; text: string; blob?: Blob };
type Perform = (token: string | null) => Promise<RawResponse>;

export async function apiRequest<T>(path: string, options: RequestOptions<T>): Promise<T> {
  const { method = 'GET', body, signal } = options;
  const url = apiUrl(path, options.query);
  const perform: Perform = async (token) => {
    const headers = new Headers({ Accept: 'application/json', ...options.headers });
    if (token) headers.set('Authorization', `Bearer ${token}`);
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers.set('Content-Type', 'application/json');
      payload = JSON.stringify(body);
    }
    const response = await fetch(url, { method, headers, body: payload, signal });
    return {
      status: response.status,
      statusText: response.statusText,
      text: await response.text(),
    };
  };
  return finish<T>(await withRefresh(path, perform), options.schema);
}

/**
 * `api.get(path, schema)`, `api.post(path, body, schema)`…: the answer is parsed with the schema,
 * so its type is the shared contract's and a wrong shape fails loudly.
 */
export const api = {
  get: <T>(path: string, schema: ResponseSchema<T>, options?: CallOptions<T>) =>
    apiRequest(path, { ...options, schema, method: 'GET' }),
  post: <T>(path: string, body: unknown, schema: ResponseSchema<T>, options?: CallOptions<T>) =>
    apiRequest(path, { ...options, schema, method: 'POST', body }),
  put: <T>(path: string, body: unknown, schema: ResponseSchema<T>, options?: CallOptions<T>) =>
    apiRequest(path, { ...options, schema, method: 'PUT', body }),
  patch: <T>(path: string, body: unknown, schema: ResponseSchema<T>, options?: CallOptions<T>) =>
    apiRequest(path, { ...options, schema, method: 'PATCH', body }),
  delete: <T>(path: string, schema: ResponseSchema<T>, options?: CallOptions<T>) =>
    apiRequest(path, { ...options, schema, method: 'DELETE' }),
};

/** Multipart upload through XMLHttpRequest, for its upload progress events. */
export async function uploadWithProgress<T>(
  path: string,
  form: FormData,
  options: UploadOptions<T>,
): Promise<T> {
  const { method = 'POST', onProgress, signal } = options;
  const url = apiUrl(path, options.query);
  const perform: Perform = (token) =>
    new Promise<RawResponse>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(method, url);
      xhr.setRequestHeader('Accept', 'application/json');
      if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress?.(event.loaded / event.total);
      };
      xhr.onload = () =>
        resolve({ status: xhr.status, statusText: xhr.statusText, text: xhr.responseText });
      xhr.onerror = () => reject(new TypeError('Network request failed'));
      xhr.onabort = () => reject(new DOMException('The upload was aborted.', 'AbortError'));
      signal?.addEventListener('abort', () => xhr.abort(), { once: true });
      xhr.send(form);
    });
  return finish<T>(await withRefresh(path, perform), options.schema);
}

/**
 * A file from the API (a data export's ZIP) as a Blob, with the same token handling as every
 * call: the Bearer token, one refresh-and-retry on a 401. A refusal throws the ApiError of its
 * JSON body.
 */
export async function apiDownload(path: string, options: { signal?: AbortSignal } = {}) {
  const url = apiUrl(path);
  const perform: Perform = async (token) => {
    const headers = new Headers({ Accept: 'application/zip, application/json' });
    if (token) headers.set('Authorization', `Bearer ${token}`);
    const response = await fetch(url, { headers, signal: options.signal });
    const ok = response.status >= 200 && response.status < 300;
    return {
      status: response.status,
      statusText: response.statusText,
      text: ok ? '' : await response.text(),
      blob: ok ? await response.blob() : undefined,
    };
  };
  const response = await withRefresh(path, perform);
  if (!response.blob)
    throw new ApiError(response.status, response.statusText, parseBody(response.text));
  return response.blob;
}

let refreshing: Promise<string> | null = null;

/**
 * Exchanges the refresh token for a new pair (refresh tokens rotate, so both are stored).
 * Concurrent callers share one request. When the server refuses, the session ends (spec §8) and
 * the promise rejects with the ApiError; a network failure rejects without ending the session.
 */
export function refreshAccessToken(): Promise<string> {
  refreshing ??= doRefresh().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

async function doRefresh(): Promise<string> {
  const before = getRefreshToken();
  // Tabs share the tokens, and a rotated refresh token used twice revokes the whole session: one
  // tab refreshes at a time, and a tab that waited uses what the other one stored.
  return withCrossTabLock(async () => {
    const refresh = getRefreshToken();
    const access = getAccessToken();
    if (refresh && access && refresh !== before) return access;
    if (!refresh) {
      const error = new ApiError(401, 'Unauthorized', { code: ERROR_CODES.unauthorized });
      expireSession(error.code);
      throw error;
    }
    const response = await fetch(apiUrl('token/refresh/'), {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({ refresh }),
    });
    const body = parseBody(await response.text());
    const tokens = body as { access?: unknown; refresh?: unknown } | null;
    if (!response.ok || typeof tokens?.access !== 'string') {
      const error = new ApiError(response.status, response.statusText, body);
      expireSession(error.code);
      throw error;
    }
    storeTokens({
      access: tokens.access,
      refresh: typeof tokens.refresh === 'string' ? tokens.refresh : refresh,
    });
    return tokens.access;
  });
}

function withCrossTabLock(work: () => Promise<string>): Promise<string> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  // The DOM typing wraps the callback's promise once more; `then` flattens it.
  return locks ? locks.request('touchline:token-refresh', work).then((token) => token) : work();
}

/**
 * Spec §7: a 401 not marked `token_not_valid`, on any URL but `google`, refreshes once and retries
 * the original request once. Only a request that carried a token is retried: a 401 to a signed-out
 * caller (a wrong password at login) is an ordinary error, not an expired session. Since the
 * server marks an expired access token `token_not_valid` too, an access token whose `exp` has
 * passed is refreshed before the request is sent.
 */
async function withRefresh(path: string, perform: Perform): Promise<RawResponse> {
  const google = normalise(path) === 'google';
  let token = getAccessToken();
  // A token past its `exp` is renewed before it is sent rather than after the server refuses it.
  if (token && !google && isTokenExpired(token)) token = await refreshAccessToken();
  const first = await perform(token);
  if (first.status !== 401 || !token || google) return first;
  if (codeOf(parseBody(first.text)) === ERROR_CODES.tokenNotValid) return first;

  const current = getAccessToken();
  // Another request refreshed meanwhile: retry with the token it stored.
  if (current && current !== token) return perform(current);
  try {
    return await perform(await refreshAccessToken());
  } catch (error) {
    if (error instanceof ApiError) return first;
    throw error;
  }
}

/**
 * Listeners told of every refused call (an ApiError) before it is thrown: features that react to
 * a refusal anywhere (a child's account waiting for consent, supplement §14) subscribe here.
 * Returns the unsubscribe.
 */
const errorListeners = new Set<(error: ApiError) => void>();
export function onApiError(listener: (error: ApiError) => void): () => void {
  errorListeners.add(listener);
  return () => {
    errorListeners.delete(listener);
  };
}

function finish<T>(response: RawResponse, schema: ResponseSchema<T>): T {
  const body = parseBody(response.text);
  if (response.status < 200 || response.status >= 300) {
    const error = new ApiError(response.status, response.statusText, body);
    for (const listener of errorListeners) listener(error);
    throw error;
  }
  return schema.parse(body);
}

export function apiUrl(path: string, query?: QueryParams): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const qs = search.toString();
  return `${API_BASE_PATH}${normalise(path)}${qs ? `?${qs}` : ''}`;
}

/** `'/api/home'`, `'/home'` and `'home'` all mean the same endpoint. */
function normalise(path: string): string {
  return path.replace(/^\/+/, '').replace(/^api\//, '');
}

function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function codeOf(body: unknown): string | null {
  const code = body && typeof body === 'object' ? (body as Partial<ErrorBody>).code : undefined;
  return typeof code === 'string' ? code : null;
}

function messageOf(body: unknown): string | null {
  if (typeof body === 'string') return body || null;
  const message = body && typeof body === 'object' ? (body as Partial<ErrorBody>).message : null;
  if (Array.isArray(message)) return message.join(' ');
  return typeof message === 'string' ? message : null;
}
