import type { NotificationKind } from '@touchline/shared';
import type { Registrant, RegistrantList, TrialView } from '@touchline/shared';

/** A trial as the API answers it (the academy's own). */
export function makeTrial(overrides: Partial<TrialView> = {}): TrialView {
  return {
    id: 't-1',
    name: 'Under-17 Open Trial',
    sport: 'football',
    sport_other: null,
    state: 'Lagos',
    district: 'Ikeja',
    venue: 'Teslim Balogun Stadium',
    landmark: 'Gate B',
    trial_date: '2099-12-05',
    start_time: '09:30',
    deadline: '2099-12-01',
    min_age: 14,
    max_age: 17,
    total_participant_limit: 50,
    registration_fee: 1_250_000,
    currency: 'NGN',
    image: null,
    description: 'Bring boots and water.',
    requirements: [{ id: 'req-1', text: 'Your preferred position' }],
    status: 'active',
    cancel_reason: null,
    registered_count: 0,
    places_left: 50,
    waitlist_count: 0,
    academy: { id: 'academy-1', username: 'Lagos Stars FC', profile_photo: null },
    my_registration: null,
    created_at: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

export function makeRegistrant(overrides: Partial<Registrant> = {}): Registrant {
  return {
    id: 'r-1',
    reference_code: 'TL-ABC234',
    player_id: 'p-1',
    profile_photo: null,
    name: 'Tunde Bakare',
    dob: '2010-03-04',
    age: 16,
    phone: '+2348012345678',
    email: 'tunde@example.test',
    state: 'Lagos',
    district: 'Ikeja',
    level: 'district',
    status: 'registered',
    payment_status: 'succeeded',
    created_at: '2026-11-21T10:00:00.000Z',
    checked_in_at: null,
    answers: [
      { requirement_id: 'req-1', requirement: 'Your preferred position', answer: 'Winger' },
    ],
    ...overrides,
  };
}

/** A `notification` socket event. */
export function notificationEvent(kind: NotificationKind, link: string, seq = 1) {
  return {
    type: 'notification' as const,
    seq,
    data: {
      id: `n-${seq}`,
      kind,
      text: 'Ada Obi registered for Under-17 Open Trial',
      link,
      actor_id: 'p-9',
      created_at: new Date().toISOString(),
      unread: seq,
    },
  };
}

/** The browser's XMLHttpRequest (the upload's process edge): records sends, plays the server. */
export class FakeXhr {
  static sent: { method: string; url: string; body: FormData }[] = [];
  static pending: FakeXhr[] = [];
  status = 0;
  statusText = '';
  responseText = '';
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private method = '';
  private url = '';
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader() {}
  abort() {}
  send(body: FormData) {
    FakeXhr.sent.push({ method: this.method, url: this.url, body });
    FakeXhr.pending.push(this);
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.statusText = status < 300 ? 'OK' : 'Error';
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

/**
 * `GET /api/players_in_trial_list/{id}` as the server answers it: `q` keeps the registrants whose
 * name, code, e-mail, phone, state or LGA hold every word; `after` (here a row's id) and `limit`
 * (100 by default) page; the whole list's total and attendance ride on every page.
 */
export function registrantPage(
  trial: { id: string; name: string },
  all: Registrant[],
  url: URL,
): RegistrantList {
  const words = (url.searchParams.get('q') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const found = all.filter((r) => {
    const haystack = [r.name, r.reference_code, r.email, r.phone, r.state, r.district]
      .join(' ')
      .toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
  const after = url.searchParams.get('after');
  const start = after ? found.findIndex((r) => r.id === after) + 1 : 0;
  const limit = Number(url.searchParams.get('limit') ?? 100);
  const page = found.slice(start, start + limit);
  const hasMore = start + limit < found.length;
  const holding = all.filter((r) => ['registered', 'selected', 'rejected'].includes(r.status));
  return {
    trial,
    registrants: page,
    has_more: hasMore,
    next: hasMore ? page[page.length - 1]!.id : null,
    total: all.length,
    attendance: {
      expected: holding.length,
      checked_in: holding.filter((r) => r.checked_in_at).length,
    },
  };
}
