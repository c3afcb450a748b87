import type { Database } from '@touchline/db';
import {
  checkInRegistration,
  findTrialById,
  listAttendance,
  type AttendanceRow,
} from '@touchline/db/trials';
import {
  TRIAL_MESSAGES,
  type AttendanceResponse,
  type Attendee,
  type CheckInResponse,
  type RegistrationStatus,
} from '@touchline/shared';
import type { Viewer } from '../../lib/auth-context';
import { trialsErrors } from './trials.errors';

const attendee = (r: AttendanceRow): Attendee => ({
  id: r.id,
  reference_code: r.referenceCode,
  player_id: r.playerId,
  name: r.name,
  status: r.status as RegistrationStatus,
  checked_in_at: r.checkedInAt ? r.checkedInAt.toISOString() : null,
});

/**
 * Trial-day check-in (supplement §17, decision 50): the owning academy checks a registrant in by
 * reference code (idempotent: a second scan answers 'Already checked in' with the first time) and
 * reads the attendance list.
 */
export function createCheckInService(deps: { db: Database; clock: () => Date }) {
  const { db, clock } = deps;

  async function ownTrial(viewer: Viewer, trialId: string) {
    const trial = await findTrialById(db, trialId);
    if (!trial) throw trialsErrors.notFound();
    if (trial.academyId !== viewer.userId) throw trialsErrors.notOwner();
    return trial;
  }

  return {
    async checkIn(
      viewer: Viewer,
      trialId: string,
      referenceCode: string,
    ): Promise<CheckInResponse> {
      const trial = await ownTrial(viewer, trialId);
      if (trial.status === 'cancelled') throw trialsErrors.cancelled();
      const result = await checkInRegistration(db, {
        trialId,
        referenceCode,
        by: viewer.userId,
        at: clock(),
      });
      if (!result.ok) {
        if (result.reason === 'not_found') throw trialsErrors.registrationNotFound();
        throw trialsErrors.checkInNotAllowed();
      }
      return {
        message: result.alreadyCheckedIn
          ? TRIAL_MESSAGES.alreadyCheckedIn
          : TRIAL_MESSAGES.checkedIn,
        already_checked_in: result.alreadyCheckedIn,
        registration: attendee(result.row),
      };
    },

    async attendance(viewer: Viewer, trialId: string): Promise<AttendanceResponse> {
      const trial = await ownTrial(viewer, trialId);
      const rows = (await listAttendance(db, trialId)).map(attendee);
      return {
        trial: { id: trial.id, name: trial.name, trial_date: trial.trialDate },
        checked_in: rows.filter((r) => r.checked_in_at).length,
        not_checked_in: rows.filter((r) => !r.checked_in_at && r.status !== 'no_show').length,
        no_show: rows.filter((r) => r.status === 'no_show').length,
        registrants: rows,
      };
    },
  };
}

export type CheckInService = ReturnType<typeof createCheckInService>;
