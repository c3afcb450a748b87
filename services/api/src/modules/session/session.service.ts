import type { Database } from '@touchline/db';
import { findSessionUser, updateUserBasics } from '@touchline/db/auth';
import { lockUserRow } from '@touchline/db/users';
import type { Viewer } from '../../lib/auth-context';
import { commonErrors } from '../../lib/app-error';
import { profilesErrors } from '../profiles/profiles.errors';

export type WelcomeDetails = { dob: string; state: string; district: string; sports: string[] };

/**
 * The signed-in user's own session data: who they are, their photo (owned by media, asked through
 * a narrow function) and the unread badge (read with the user's row, one statement).
 */
export function createSessionService(deps: {
  db: Database;
  mediaUrl: (mediaId: string | null) => Promise<string | null>;
}) {
  const { db } = deps;

  async function view(userId: string) {
    // The row and the unread badge in one statement: this runs on every page load.
    const user = await findSessionUser(db, userId);
    if (!user) throw commonErrors.notFound('User not found');
    return {
      user: user.username,
      role: user.role,
      dob: user.dob,
      user_id: user.id,
      profile_photo: await deps.mediaUrl(user.profilePhotoMediaId),
      notification_count: user.unreadCount,
      email: user.email,
      state: user.state,
      district: user.district,
      sports: user.sports,
    };
  }

  return {
    view,

    /** The first-run details of an account created with Google (players only). */
    async welcome(viewer: Viewer, details: WelcomeDetails) {
      if (viewer.role !== 'player') throw commonErrors.forbidden();
      await db.transaction(async (tx) => {
        // The date of birth is set once (supplement §13): /welcome may repeat it, never change it.
        const locked = (await lockUserRow(tx, viewer.userId))?.dob ?? null;
        if (locked !== null && locked !== details.dob) throw profilesErrors.dobLocked();
        await updateUserBasics(tx, viewer.userId, details);
      });
      return view(viewer.userId);
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
