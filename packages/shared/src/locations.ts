import { STATE_LGAS } from './locations.data';

export { STATE_LGAS };
export const STATES: readonly string[] = Object.keys(STATE_LGAS);

export function lgasOf(state: string): readonly string[] {
  return STATE_LGAS[state] ?? [];
}

export function isValidLocation(state: string, district: string): boolean {
  return lgasOf(state).includes(district);
}
