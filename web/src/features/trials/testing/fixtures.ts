import type { ProfileView, TrialHistoryItem, TrialView } from '@touchline/shared';
import { todayInLagos } from '@touchline/shared';

/** `YYYY-MM-DD` `days` after today in Lagos (negative: before). */
export function lagosDay(days: number): string {
  const [y, m, d] = todayInLagos().split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

let serial = 0;
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** An open paid football trial in Ikeja, Lagos, two weeks away; override what a test needs. */
export function trialFixture(overrides: Partial<TrialView> = {}): TrialView {
  serial += 1;
  return {
    id: uuid(serial),
    name: `Lagos Stars U17 Trial ${serial}`,
    sport: 'football',
    sport_other: null,
    state: 'Lagos',
    district: 'Ikeja',
    venue: 'Agege Stadium',
    landmark: 'Opposite the railway station',
    trial_date: lagosDay(14),
    start_time: '09:30',
    deadline: lagosDay(10),
    min_age: 12,
    max_age: 17,
    total_participant_limit: 50,
    registration_fee: 1_250_000,
    currency: 'NGN',
    image: null,
    description: 'Bring boots and shin guards.',
    requirements: [],
    status: 'active',
    cancel_reason: null,
    registered_count: 42,
    places_left: 8,
    waitlist_count: 0,
    academy: { id: 'academy-1', username: 'Lagos Stars Academy', profile_photo: null },
    my_registration: null,
    created_at: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

export const REQUIREMENT_ID = '00000000-0000-4000-8000-00000000aaaa';

/** The signed-in player's own profile (the registration form's prefill). */
export function ownProfile(overrides: Partial<ProfileView> = {}): ProfileView {
  return {
    limited: false,
    user_id: 'me',
    username: 'Ada Obi',
    role: 'player',
    bio: null,
    about: null,
    profile_photo: null,
    cover_photo: null,
    state: 'Lagos',
    district: 'Ikeja',
    sports: ['football'],
    open_to_work: false,
    position: null,
    height_cm: null,
    weight_kg: null,
    preferred_side: null,
    age: 16,
    established_on: null,
    is_verified: false,
    friends_count: 0,
    post_count: 0,
    achievements_count: 0,
    is_own: true,
    email: 'ada@example.com',
    phone: null,
    dob: '2010-03-04',
    measured: null,
    ...overrides,
  };
}

export function historyItem(
  trial: TrialView,
  overrides: Partial<TrialHistoryItem> = {},
): TrialHistoryItem {
  return {
    id: `reg-${trial.id}`,
    reference_code: 'TL-ABC234',
    status: 'registered',
    hold_expires_at: null,
    created_at: '2026-11-20T10:00:00.000Z',
    feedback: null,
    waitlist_position: null,
    trial: {
      id: trial.id,
      name: trial.name,
      sport: trial.sport,
      sport_other: trial.sport_other,
      state: trial.state,
      district: trial.district,
      venue: trial.venue,
      trial_date: trial.trial_date,
      start_time: trial.start_time,
      deadline: trial.deadline,
      registration_fee: trial.registration_fee,
      currency: trial.currency,
      image: trial.image,
      status: trial.status,
      cancel_reason: trial.cancel_reason,
      academy: trial.academy,
    },
    payment: null,
    ...overrides,
  };
}
