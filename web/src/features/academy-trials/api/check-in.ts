import { useQuery } from '@tanstack/react-query';
import type { AttendanceResponse, CheckInResponse } from '@touchline/shared';
import { attendanceResponseSchema, checkInResponseSchema } from '@touchline/shared';
import { api } from '@/lib/api-client';
import { academyTrialKeys } from './academy-trial-keys';

export const attendanceKey = (trialId: string) =>
  [...academyTrialKeys.all, 'attendance', trialId] as const;

/** `POST /api/trial/{id}/check_in {reference_code}`: idempotent (decision 50). */
export function checkIn(trialId: string, referenceCode: string): Promise<CheckInResponse> {
  return api.post(
    `trial/${encodeURIComponent(trialId)}/check_in`,
    { reference_code: referenceCode },
    checkInResponseSchema,
  );
}

/** `GET /api/trial/{id}/attendance`: who checked in, who not yet. */
export function getAttendance(trialId: string, signal?: AbortSignal): Promise<AttendanceResponse> {
  return api.get(`trial/${encodeURIComponent(trialId)}/attendance`, attendanceResponseSchema, {
    signal,
  });
}

export function useAttendance(trialId: string) {
  return useQuery({
    queryKey: attendanceKey(trialId),
    queryFn: ({ signal }) => getAttendance(trialId, signal),
  });
}
