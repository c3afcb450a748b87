import type { AdminAcademyFilter } from '@touchline/shared';
import {
  adminAcademyDecisionSchema,
  adminAcademyPageSchema,
  adminLicenceLinkSchema,
} from '@touchline/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKey, useAdminAction, useAdminQuery } from '../shared';

/** `GET /api/admin/academies?search=&status=&before=`. */
export function useAcademies(params: {
  search: string;
  status: AdminAcademyFilter | '';
  before: string | undefined;
}) {
  return useAdminQuery('academies', adminAcademyPageSchema, params);
}

/** `GET /api/admin/academies/{id}/licence`: a fresh signed link each time the viewer opens. */
export function useLicenceLink(id: string | null) {
  return useQuery({
    queryKey: adminKey('academies', id, 'licence'),
    queryFn: ({ signal }) =>
      api.get(`admin/academies/${id}/licence`, adminLicenceLinkSchema, { signal }),
    enabled: id !== null,
    gcTime: 0,
    staleTime: 0,
  });
}

type Target = { id: string; username: string };

/** `POST /api/admin/academies/{id}/verify`. */
export function useVerifyAcademy(onDone: () => void) {
  return useAdminAction({
    run: ({ id }: Target) =>
      api.post(`admin/academies/${id}/verify`, {}, adminAcademyDecisionSchema),
    success: (_answer, academy) => `${academy.username} is verified`,
    onSuccess: onDone,
  });
}

/** `POST /api/admin/academies/{id}/decline {reason}`. */
export function useDeclineAcademy(onDone: () => void) {
  return useAdminAction({
    run: ({ id, reason }: Target & { reason: string }) =>
      api.post(`admin/academies/${id}/decline`, { reason }, adminAcademyDecisionSchema),
    success: (_answer, academy) => `${academy.username} is declined`,
    onSuccess: onDone,
  });
}
