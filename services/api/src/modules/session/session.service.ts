import type { Database } from '@touchline/db';
import { findSessionUser, updateUserBasics } from '@touchline/db/auth';
import { latestConsentRequest, setConsentStatus } from '@touchline/db/guardians';
import { lockUserRow } from '@touchline/db/users';
import type { SessionUser } from '@touchline/shared';
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

/** Where the instance remembers `GET /api/me` answers (the session cache, decision 63). */
export type SessionViews = {
  getView(userId: string): SessionUser | undefined;
  begin(): number;
  storeView(view: SessionUser, begun: number): void;
};

/**
 * The signed-in user's own session data: who they are, their photo (owned by media, asked through
 * a narrow function) and the unread badge (read with the user's row, one statement). Answered from
 * the instance's memory while nothing changed them (decision 63): whatever changes them calls
 * `forgetProfile` (or `forgetSessions`) after its commit, and the publisher of notices forgets the
 * recipients' answers.
 */
export function createSessionService(deps: {
  db: Database;
  mediaUrl: (mediaId: string | null) => Promise<string | null>;
  askGuardian: GuardianAsker;
  /** After a commit that changed the viewer's consent: every API instance forgets their sessions. */
  forgetSessions: (userId: string) => Promise<void>;
  /** After a commit that changed the viewer's own data: every instance forgets their answer. */
  forgetProfile: (userId: string) => Promise<void>;
  views: SessionViews;
}) {
  const { db } = deps;

  async function view(userId: string): Promise<SessionUser> {
    const remembered = deps.views.getView(userId);
    if (remembered) return remembered;
    const begun = deps.views.begin();
    const fresh = await read(userId);
    deps.views.storeView(fresh, begun);
    return fresh;
  }

  async function read(userId: string): Promise<SessionUser> {
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
      else await deps.forgetProfile(viewer.userId);
      return view(viewer.userId);
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
