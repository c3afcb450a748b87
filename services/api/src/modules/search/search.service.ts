import type { Database } from '@touchline/db';
import { searchPeople, type PeopleHit } from '@touchline/db/search';
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

/**
 * Name search over players and academies (trials join with the trials slice). The navbar asks
 * for one more suggestion than it shows, so it knows when to offer 'See All'.
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

  const rolesFor = (type: SearchType): ('player' | 'academy')[] =>
    type === 'players'
      ? ['player']
      : type === 'academies'
        ? ['academy']
        : type === 'trials'
          ? []
          : ['player', 'academy'];

  async function hits(
    viewerId: string,
    q: string,
    type: SearchType,
    limit: number,
    offset: number,
  ) {
    const roles = rolesFor(type);
    if (roles.length === 0) return [];
    return searchPeople(deps.db, {
      viewerId,
      q,
      roles,
      limit,
      offset,
      hideMinors: (await hidesMinorsFrom(viewerId))
        ? { adultCutoff: adultCutoffOn(today()) }
        : undefined,
    });
  }

  const typeOf = (hit: PeopleHit) =>
    hit.role === 'academy' ? ('Academy' as const) : ('Player' as const);

  return {
    async suggestions(viewerId: string, q: string): Promise<SearchSuggestion[]> {
      const rows = await hits(viewerId, q, 'all', LIMITS.searchSuggestions + 1, 0);
      const urls = await deps.media.publicUrls(rows.map((r) => r.photoMediaId));
      return rows.map((r) => {
        const photoUrl = r.photoMediaId ? urls.get(r.photoMediaId) : undefined;
        return { id: r.id, type: typeOf(r), name: r.username, ...(photoUrl ? { photoUrl } : {}) };
      });
    },

    async results(viewerId: string, q: string, type: SearchType, page: number) {
      const rows = await hits(viewerId, q, type, PAGE + 1, PAGE * (page - 1));
      const slice = rows.slice(0, PAGE);
      const ids = slice.map((r) => r.id);
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
            name: r.username,
            ...(photoUrl ? { photoUrl } : {}),
            subtitle: [r.district, r.state].filter(Boolean).join(', '),
            // Friendship actions are offered on player rows (the results page shows them to players).
            relationship: relationshipFrom(rel, r.id, r.role === 'player'),
          };
        }),
        has_more: rows.length > PAGE,
        page,
      };
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
