import type { ProfileUpdate, ProfileView } from '@touchline/shared';
import { SPORTS } from '@touchline/shared';

/** The edit form's values: what the inputs hold (numbers as text, sports as checkboxes). */
export type ProfileFormValues = {
  username: string;
  bio: string;
  about: string;
  state: string;
  district: string;
  sports: string[];
  custom_sport: string;
  open_to_work: boolean;
  position: string;
  height_cm: string;
  weight_kg: string;
  preferred_side: string;
  phone: string;
  dob: string;
  established_on: string;
};

const KNOWN: readonly string[] = SPORTS;

/** A custom sport name shows as 'other' plus its name. */
export function formValuesOf(profile: ProfileView): ProfileFormValues {
  const custom = profile.sports.find((sport) => !KNOWN.includes(sport));
  const sports = profile.sports.filter((sport) => KNOWN.includes(sport));
  if (custom && !sports.includes('other')) sports.push('other');
  return {
    username: profile.username,
    bio: profile.bio ?? '',
    about: profile.about ?? '',
    state: profile.state ?? '',
    district: profile.district ?? '',
    sports,
    custom_sport: custom ?? '',
    open_to_work: profile.open_to_work,
    position: profile.position ?? '',
    height_cm: profile.height_cm === null ? '' : String(profile.height_cm),
    weight_kg: profile.weight_kg === null ? '' : String(profile.weight_kg),
    preferred_side: profile.preferred_side ?? '',
    phone: profile.phone ?? '',
    dob: profile.dob ?? '',
    established_on: profile.established_on ?? '',
  };
}

/**
 * What `POST /api/profile` gets from the form, before the shared schema checks it: the fields of
 * the role only (the server refuses the other role's), sports in the picker's order.
 */
export function payloadOf(values: ProfileFormValues, role: string): Record<string, unknown> {
  const sports = SPORTS.filter((sport) => values.sports.includes(sport));
  const payload: Record<string, unknown> = {
    username: values.username,
    bio: values.bio,
    about: values.about,
    state: values.state,
    district: values.district,
    sports,
    phone: values.phone,
  };
  if (sports.includes('other')) payload.custom_sport = values.custom_sport;
  if (role === 'player') {
    Object.assign(payload, {
      open_to_work: values.open_to_work,
      position: values.position,
      height_cm: values.height_cm,
      weight_kg: values.weight_kg,
      preferred_side: values.preferred_side,
    });
    // A player without a date of birth yet (Google sign-in) may still edit the rest.
    if (values.dob) payload.dob = values.dob;
  } else if (role === 'academy') {
    payload.established_on = values.established_on;
  }
  return payload;
}

export type { ProfileUpdate };
