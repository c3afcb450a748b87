import type { Database } from '@touchline/db';
import { findSessionUser, updateUserBasics } from '@touchline/db/auth';
import { latestConsentRequest, setConsentStatus } from '@touchline/db/guardians';
import { lockUserRow } from '@touchline/db/users';
import type { Viewer } from '../../lib/auth-context';
import { commonErrors } from '../../lib/app-error';
import type { GuardianAsker } from '../guardians/guardians.requests';
import { profilesErrors } from '../profiles/profiles.errors';

export type WelcomeDetails = {
  dob: string;
  state: string;
  district: string;
  sports: string[];
  /** A player under 18: whom to ask for consent; null for an adult. */
  guardian: { email: string; phone: string | null } | null;
};

/**
 * The signed-in user's own session data: who they are, their photo (owned by media, asked through
 * a narrow function) and the unread badge (read with the user's row, one statement).
 */
export function createSessionService(deps: {
  db: Database;
  mediaUrl: (mediaId: string | null) => Promise<string | null>;
  askGuardian: GuardianAsker;
  /** After a commit that changed the viewer's consent: every API instance forgets their sessions. */
  forgetSessions: (userId: string) => Promise<void>;
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
      consent_status: user.consentStatus,
    };
  }

  return {
    view,

    /** The first-run details of an account created with Google (players only). */
    async welcome(viewer: Viewer, details: WelcomeDetails) {
      if (viewer.role !== 'player') throw commonErrors.forbidden();
      const consentSettled = await db.transaction(async (tx) => {
        // The date of birth is set once (supplement §13): /welcome may repeat it, never change it.
        const user = await lockUserRow(tx, viewer.userId);
        const locked = user?.dob ?? null;
        if (locked !== null && locked !== details.dob) throw profilesErrors.dobLocked();
        const { guardian, ...basics } = details;
        await updateUserBasics(tx, viewer.userId, basics);
        // Consent is settled at the first /welcome only (the date of birth is locked after).
        if (locked !== null || user?.consentStatus !== 'awaiting_consent') return false;
        // An adult needs nobody's consent; a child's guardian is asked once (then 'Resend').
        if (!guardian) {
          await setConsentStatus(tx, viewer.userId, 'not_needed');
          return true;
        }
        if (!(await latestConsentRequest(tx, viewer.userId)))
          await deps.askGuardian(tx, {
            childId: viewer.userId,
            childName: user.username,
            guardianEmail: guardian.email,
            guardianPhone: guardian.phone,
          });
        return false;
      });
      // An adult may act at once, on whichever instance the next request lands.
      if (consentSettled) await deps.forgetSessions(viewer.userId);
      return view(viewer.userId);
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
