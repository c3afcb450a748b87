import { STATE_LGAS } from './locations.data';

/**
 * The states/LGA table and the checks that need it. Only this module (and `contracts/places.ts`,
 * the schemas with a state/LGA rule) import the table, so that a web page which shows no location
 * form never downloads it; the state names alone are `STATES` in `states.ts`.
 */
export { STATE_LGAS };

export function lgasOf(state: string): readonly string[] {
  return STATE_LGAS[state] ?? [];
}

export function isValidLocation(state: string, district: string): boolean {
  return lgasOf(state).includes(district);
}
