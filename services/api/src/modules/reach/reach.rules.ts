import {
  chosenCodesBySms,
  chosenQuietHours,
  quietHoursApply,
  resolvePreferences,
  type NotificationPreferences,
} from '@touchline/shared';

/** Facts about a user read in one query (`findPreferenceFacts`). */
export type PreferenceFacts = {
  role: string;
  dob: string | null;
  preferences: unknown;
  phone: string | null;
};

/** What `GET notification_preferences` shows. */
export function describePreferences(facts: PreferenceFacts, now: Date) {
  return {
    preferences: resolvePreferences(facts.preferences),
    quiet_hours: quietHoursApply(facts, now),
    quiet_hours_required: quietHoursApply({ ...facts, preferences: null }, now),
    phone: facts.phone,
    codes_by_sms: chosenCodesBySms(facts.preferences),
  };
}

/**
 * What a `PUT` stores: the choices, and quiet hours when an adult asks for them (a minor's apply
 * whatever is stored).
 */
export function decideStoredPreferences(
  facts: PreferenceFacts,
  input: {
    preferences: NotificationPreferences;
    quiet_hours?: boolean | undefined;
    codes_by_sms?: boolean | undefined;
  },
) {
  return {
    ...input.preferences,
    quiet_hours: input.quiet_hours ?? chosenQuietHours(facts.preferences),
    codes_by_sms: input.codes_by_sms ?? chosenCodesBySms(facts.preferences),
  };
}
