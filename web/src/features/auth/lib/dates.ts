import { LIMITS, todayInLagos, yearsBefore } from '@touchline/shared';

/** The date picker's maximum for a date of birth: 7 years before today in Lagos (spec §5). */
export function latestBirthDate(now: Date = new Date()): string {
  return yearsBefore(todayInLagos(now), LIMITS.minSignupAge);
}

/** An academy cannot be established after today (Lagos). */
export function latestEstablishedDate(now: Date = new Date()): string {
  return todayInLagos(now);
}
