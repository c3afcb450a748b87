import { useEffect, useState } from 'react';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { SelectOption } from '@/components/ui/select-field';
import type * as LocationModule from './location-data';

/** The lazily loaded states/LGA module: `lgasOf` and the schemas with a state/LGA rule. */
export type LocationData = typeof LocationModule;

let loaded: LocationData | undefined;
let loading: Promise<LocationData> | undefined;

/**
 * Loads the states/LGA table with the schemas that check a state/LGA pair (one chunk, fetched
 * once; a failed fetch is tried again by the next call). The state names alone (`STATES`) need no
 * loading.
 */
export function loadLocations(): Promise<LocationData> {
  loading ??= import('./location-data').then(
    (data) => (loaded = data),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** Starts loading the table ahead of a form (on hovering or pressing the button that opens it). */
export function preloadLocations(): void {
  loadLocations().catch(() => undefined);
}

/**
 * The states/LGA data for a form that shows an LGA select: undefined until it has loaded (it
 * starts loading with the first render; already loaded, it is there at once).
 */
export function useLocations(): LocationData | undefined {
  const [data, setData] = useState(loaded);
  useEffect(() => {
    if (data) return;
    let live = true;
    loadLocations().then(
      (ready) => {
        if (live) setData(ready);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [data]);
  return data;
}

/**
 * The LGA select's options: none before a state is chosen; while the table loads, only the form's
 * current LGA (so a saved value still shows, the select disabled until the list is in).
 */
export function lgaOptions(
  locations: LocationData | undefined,
  state: string,
  current = '',
): SelectOption[] {
  if (!state) return [];
  const lgas = locations ? locations.lgasOf(state) : current ? [current] : [];
  return lgas.map((lga) => ({ value: lga, label: lga }));
}

/**
 * A react-hook-form resolver built from the loaded data (`make` gets it once): validating waits
 * for the table if it is not in yet, so a form checks exactly what the server checks.
 */
export function resolverWithLocations<TFieldValues extends FieldValues, TContext, TOutput>(
  make: (data: LocationData) => Resolver<TFieldValues, TContext, TOutput>,
): Resolver<TFieldValues, TContext, TOutput> {
  let resolver: Resolver<TFieldValues, TContext, TOutput> | undefined;
  return async (values, context, options) => {
    resolver ??= make(await loadLocations());
    return resolver(values, context, options);
  };
}
