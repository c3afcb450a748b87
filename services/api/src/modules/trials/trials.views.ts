import type { MediaRef } from '@touchline/db/media';
import type { MyRegistrationJson, TrialViewRow } from '@touchline/db/trials';
import type { StorageDriver } from '@touchline/drivers';
import type { MyRegistration, TrialView } from '@touchline/shared';

/**
 * Shapes hydrated trial rows into the contract's trials (supplement §12 fields). URLs come from
 * the storage driver: the poster's `display` variant, the academy's `thumb` avatar.
 */
export function createTrialViews(storage: Pick<StorageDriver, 'publicUrl'>) {
  const urlOf = (ref: MediaRef | null, prefer: 'thumb' | 'display') =>
    ref && ref.visibility === 'public'
      ? storage.publicUrl(ref.variants[prefer] ?? ref.variants.display ?? ref.key)
      : null;

  const iso = (value: string | null) => (value === null ? null : new Date(value).toISOString());

  function myRegistration(json: MyRegistrationJson | null): MyRegistration | null {
    if (!json) return null;
    return {
      id: json.id,
      reference_code: json.reference_code,
      status: json.status as MyRegistration['status'],
      hold_expires_at: iso(json.hold_expires_at),
      created_at: new Date(json.created_at).toISOString(),
      waitlist_position: json.waitlist_position ?? null,
      payment: json.payment
        ? {
            reference: json.payment.reference,
            status: json.payment.status as NonNullable<MyRegistration['payment']>['status'],
            authorization_url: json.payment.authorization_url,
          }
        : null,
    };
  }

  /** `forPlayer`: the caller is a player, so `my_registration` is theirs (else always null). */
  function trial(row: TrialViewRow, forPlayer: boolean): TrialView {
    return {
      id: row.id,
      name: row.name,
      sport: row.sport,
      sport_other: row.sportOther,
      state: row.state,
      district: row.district,
      venue: row.venue,
      landmark: row.landmark,
      trial_date: row.trialDate,
      start_time: row.startTime,
      deadline: row.deadline,
      min_age: row.minAge,
      max_age: row.maxAge,
      total_participant_limit: row.participantLimit,
      registration_fee: row.feeKobo,
      currency: row.currency,
      image: urlOf(row.image, 'display'),
      description: row.description,
      requirements: row.requirements.map((r) => ({ id: r.id, text: r.text })),
      status: row.status,
      cancel_reason: row.cancelReason,
      registered_count: row.registeredCount,
      waitlist_count: row.waitlistCount,
      places_left:
        row.participantLimit === null
          ? null
          : Math.max(0, row.participantLimit - row.registeredCount),
      academy: {
        id: row.academyId,
        username: row.academyName,
        profile_photo: urlOf(row.academyPhoto, 'thumb'),
      },
      my_registration: forPlayer ? myRegistration(row.myRegistration) : null,
      created_at: row.createdAt.toISOString(),
    };
  }

  return { trial, myRegistration, urlOf };
}

export type TrialViews = ReturnType<typeof createTrialViews>;
