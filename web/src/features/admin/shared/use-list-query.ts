import { ADMIN_LIMITS } from '@touchline/shared';
import { useCallback } from 'react';
import { useSearchParams } from 'wouter';

/** How one query parameter of a list is read from the address: never trusted as it stands. */
export type ListParam<V extends string> = { read: (raw: string | null) => V; fallback: V };

/** A search text: trimmed and cut to the API's limit; '' when absent. */
export const searchParam: ListParam<string> = {
  read: (raw) => (raw ?? '').trim().slice(0, ADMIN_LIMITS.searchMaxLength),
  fallback: '',
};

/** One of `values`; anything else (absent, misspelt) reads as `fallback`. */
export function choiceParam<const V extends string, const F extends string = ''>(
  values: readonly V[],
  fallback: F = '' as F,
): ListParam<V | F> {
  return {
    read: (raw) => (values.includes(raw as V) ? (raw as V) : fallback),
    fallback,
  };
}

type Query<P extends Record<string, ListParam<string>>> = {
  [K in keyof P]: ReturnType<P[K]['read']>;
};

/**
 * A list's search text and filters, kept in the address's query (`/admin/playerview?search=ada`,
 * `/admin/academyview?status=pending`), so a reload, a shared link and Back keep them. Reading
 * checks every value (`params` is a module constant); a change rewrites the address with
 * `replace` (typing a search does not fill the history) and leaves other parameters alone. A
 * value equal to its fallback leaves the address (`/admin/reports`, not `?status=open`).
 */
export function useListQuery<P extends Record<string, ListParam<string>>>(
  params: P,
): [Query<P>, (change: Partial<Query<P>>) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const query = {} as Query<P>;
  for (const key of Object.keys(params) as (keyof P & string)[]) {
    query[key] = params[key]!.read(searchParams.get(key)) as Query<P>[typeof key];
  }
  const update = useCallback(
    (change: Partial<Query<P>>) =>
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(change)) {
            if (!(key in params)) continue;
            if (value === undefined || value === '' || value === params[key]!.fallback) {
              next.delete(key);
            } else {
              next.set(key, value as string);
            }
          }
          return next;
        },
        { replace: true },
      ),
    [params, setSearchParams],
  );
  return [query, update];
}
