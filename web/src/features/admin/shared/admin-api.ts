import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryParams, ResponseSchema } from '@/lib/api-client';
import { ApiError, api } from '@/lib/api-client';
import { showNotice } from '@/lib/toast';

/** Every admin query key starts with this, so one change refreshes every admin screen. */
export const ADMIN_KEY = ['admin'] as const;

/** A query key under `['admin', …]`. */
export const adminKey = (...parts: unknown[]) => [...ADMIN_KEY, ...parts] as const;

/**
 * `GET /api/admin/<path>?…` parsed with its shared schema. Blank params are left out; while the
 * next page or a new search loads, the previous answer stays on screen (`isPlaceholderData`).
 */
export function useAdminQuery<T>(
  path: string,
  schema: ResponseSchema<T>,
  params: QueryParams = {},
) {
  const query = cleanParams(params);
  return useQuery({
    queryKey: adminKey(path, query),
    queryFn: ({ signal }) => api.get(`admin/${path}`, schema, { query, signal }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

/** Drops undefined, null and blank values, so the cache key and the URL agree. */
export function cleanParams(params: QueryParams): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    if (typeof value === 'string' && value.trim() === '') continue;
    out[key] = typeof value === 'string' ? value.trim() : value;
  }
  return out;
}

export type AdminActionOptions<V, T> = {
  /** The call: e.g. `(id) => api.post(\`admin/academies/${id}/verify\`, {}, schema)`. */
  run: (variables: V) => Promise<T>;
  /** The success notice (a string, or built from the answer). */
  success?: string | ((answer: T, variables: V) => string);
  onSuccess?: (answer: T, variables: V) => void;
};

/**
 * An administrative change: on success a notice shows and every admin query is refreshed. The
 * error stays on the mutation (`errorText(mutation.error)`) for the dialog to show.
 */
export function useAdminAction<V, T>({ run, success, onSuccess }: AdminActionOptions<V, T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async (answer, variables) => {
      const text = typeof success === 'function' ? success(answer, variables) : success;
      if (text) showNotice(text, 'success');
      onSuccess?.(answer, variables);
      await queryClient.invalidateQueries({ queryKey: ADMIN_KEY });
    },
  });
}

/** The text to show for a failed call: the API's message, or a generic one. */
export function errorText(error: unknown): string | null {
  if (!error) return null;
  if (error instanceof ApiError) return error.message || 'Something went wrong. Try again.';
  return 'Could not reach the server. Check your connection and try again.';
}
