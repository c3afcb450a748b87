import type { Database } from '@touchline/db';
import { searchAll, searchPeople, searchTrials, type SearchHit } from '@touchline/db/search';
import { findUserById } from '@touchline/db/users';
import {
  adultCutoffOn,
  isMinorOn,
  LIMITS,
  todayInLagos,
  type SearchSuggestion,
} from '@touchline/shared';
import type { MediaService } from '../media/media.service';
import { relationshipFrom, type SocialService } from '../social/social.service';

export type SearchType = 'all' | 'players' | 'academies' | 'trials';
const PAGE = 20;

/** '12 Dec 2026': a trial's day in search results. */
const dayOf = (isoDate: string) =>
  new Date(`${isoDate}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

/**
 * Search over players, academies (by name) and open trials (by name, venue or district), in one
 * ranked list for the 'All' tab and the navbar. The navbar asks for one more suggestion than it
 * shows, so it knows when to offer 'See All'.
 */
export function createSearchService(deps: {
  db: Database;
  clock: () => Date;
  media: Pick<MediaService, 'publicUrls'>;
  social: Pick<SocialService, 'relationshipsOf'>;
}) {
  const today = () => todayInLagos(deps.clock());

  /**
   * Supplement §13: search never shows minors to adult players who are not their friends.
   * Unverified academies are held to the same rule (anyone can sign up as one); minors, verified
   * academies and administrators find everyone.
   */
  async function hidesMinorsFrom(viewerId: string) {
    const viewer = await findUserById(deps.db, viewerId);
    if (!viewer) return true;
    if (viewer.role === 'player') return !isMinorOn(viewer.dob, today());
    return viewer.role === 'academy' && viewer.academyStatus !== 'verified';
  }

  async function hits(
    viewerId: string,
    q: string,
    type: SearchType,
    limit: number,
    offset: number,
  ): Promise<SearchHit[]> {
    const day = today();
    if (type === 'trials') {
      const trials = await searchTrials(deps.db, { viewerId, q, today: day, limit, offset });
      return trials.map((trial) => ({ kind: 'trial' as const, ...trial }));
    }
    const people = {
      viewerId,
      q,
      limit,
      offset,
      hideMinors: (await hidesMinorsFrom(viewerId))
        ? { adultCutoff: adultCutoffOn(day) }
        : undefined,
    };
    if (type === 'all')
      return searchAll(deps.db, { ...people, roles: ['player', 'academy'], today: day });
    const found = await searchPeople(deps.db, {
      ...people,
      roles: [type === 'players' ? 'player' : 'academy'],
    });
    return found.map((person) => ({ kind: 'person' as const, ...person }));
  }

  const typeOf = (hit: SearchHit) =>
    hit.kind === 'trial'
      ? ('Trial' as const)
      : hit.role === 'academy'
        ? ('Academy' as const)
        : ('Player' as const);
  const nameOf = (hit: SearchHit) => (hit.kind === 'trial' ? hit.name : hit.username);
  const subtitleOf = (hit: SearchHit) =>
    hit.kind === 'trial'
      ? `${dayOf(hit.trialDate)} · ${[hit.venue, hit.district, hit.state].filter(Boolean).join(', ')}`
      : [hit.district, hit.state].filter(Boolean).join(', ');

  return {
    async suggestions(viewerId: string, q: string): Promise<SearchSuggestion[]> {
      const rows = await hits(viewerId, q, 'all', LIMITS.searchSuggestions + 1, 0);
      const urls = await deps.media.publicUrls(rows.map((r) => r.photoMediaId));
      return rows.map((r) => {
        const photoUrl = r.photoMediaId ? urls.get(r.photoMediaId) : undefined;
        return { id: r.id, type: typeOf(r), name: nameOf(r), ...(photoUrl ? { photoUrl } : {}) };
      });
    },

    async results(viewerId: string, q: string, type: SearchType, page: number) {
      const rows = await hits(viewerId, q, type, PAGE + 1, PAGE * (page - 1));
      const slice = rows.slice(0, PAGE);
      const ids = slice.flatMap((r) => (r.kind === 'person' ? [r.id] : []));
      const [urls, rel] = await Promise.all([
        deps.media.publicUrls(slice.map((r) => r.photoMediaId)),
        deps.social.relationshipsOf(viewerId, ids),
      ]);
      return {
        results: slice.map((r) => {
          const photoUrl = r.photoMediaId ? urls.get(r.photoMediaId) : undefined;
          return {
            id: r.id,
            type: typeOf(r),
            name: nameOf(r),
            ...(photoUrl ? { photoUrl } : {}),
            subtitle: subtitleOf(r),
            // Friendship actions are offered on player rows (the results page shows them to
            // players); a trial has no relationship, only View.
            relationship:
              r.kind === 'person' ? relationshipFrom(rel, r.id, r.role === 'player') : null,
          };
        }),
        has_more: rows.length > PAGE,
        page,
      };
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
