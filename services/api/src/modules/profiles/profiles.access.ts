import type { Database } from '@touchline/db';
import { findUserById } from '@touchline/db/users';
import type { Role } from '@touchline/shared';
import type { Viewer } from '../../lib/auth-context';
import { profilesErrors } from './profiles.errors';

/** False when the viewer may not see the target (blocks arrive with the social graph). */
export type CanView = (viewerId: string, targetId: string) => Promise<boolean>;

export const everyoneCanView: CanView = async () => true;

/** True when the viewer sees the target's full profile; false: a minor's limited card (§13). */
export type SeesFullProfile = (
  viewer: Viewer,
  target: { id: string; role: Role; dob: string | null },
) => Promise<boolean>;

export const everyoneSeesFullProfile: SeesFullProfile = async () => true;

/**
 * Profile visibility, one rule for the profile and its lists: the owner and administrators see
 * any account; others see active players and academies the block check allows. Everything else
 * answers 404, like an unknown id. A minor seen from outside their circle (supplement §13) shows
 * a limited card, and their lists answer 404.
 */
export function createProfileAccess(deps: {
  db: Database;
  canView: CanView;
  seesFullProfile: SeesFullProfile;
}) {
  async function check(
    viewer: Viewer,
    target: { id: string; role: Role; reachable: boolean } | null,
  ): Promise<void> {
    if (!target) throw profilesErrors.profileNotFound();
    if (viewer.userId === target.id || viewer.role === 'admin') return;
    // Reachable (decision 37): active and, for a child, with a guardian's consent (§14).
    if (!target.reachable || target.role === 'admin' || target.role === 'guardian')
      throw profilesErrors.profileNotFound();
    if (!(await deps.canView(viewer.userId, target.id))) throw profilesErrors.profileNotFound();
  }

  return {
    check,
    /**
     * Throws 404 unless the viewer may see the user's profile and lists. A minor's lists
     * (achievements, experience) answer 404 outside their circle too: only their card is shown.
     */
    async requireVisibleUser(viewer: Viewer, userId: string): Promise<void> {
      const target = await findUserById(deps.db, userId);
      await check(viewer, target);
      if (!(await deps.seesFullProfile(viewer, target!))) throw profilesErrors.profileNotFound();
    },
  };
}

export type ProfileAccess = ReturnType<typeof createProfileAccess>;
