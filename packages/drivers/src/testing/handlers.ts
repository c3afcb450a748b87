import { JOBS } from '@touchline/shared';
import type { JobHandlers } from '../types';

/** A handler for every job of the contract that does nothing (queue tests override some). */
export function noopHandlers(): JobHandlers {
  const noop = async () => {};
  return Object.fromEntries(
    Object.keys(JOBS).map((name) => [name, noop]),
  ) as unknown as JobHandlers;
}
