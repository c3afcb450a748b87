import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ChildMessaging,
  ConsentDecisionBody,
  GuardianApprovalDecision,
} from '@touchline/shared';
import {
  childConversationSchema,
  childConversationsSchema,
  childDetailSchema,
  childSettingsSchema,
  childSummarySchema,
  consentRequestViewSchema,
  guardianApprovalResponseSchema,
  loginResponseSchema,
  messageSchema,
  otpVerifyResponseSchema,
  tokenPairSchema,
} from '@touchline/shared';
import { api } from '@/lib/api-client';
import type { SessionInput } from '@/lib/session';

/** The guardian's API (supplement §14): the consent link, the guardian account, the children. */

const childrenSchema = {
  parse: (data: unknown) => ({
    results: ((data as { results?: unknown[] }).results ?? []).map((child) =>
      childSummarySchema.parse(child),
    ),
  }),
};
const path = (token: string) => `guardian/consent/${encodeURIComponent(token)}`;

export const guardianKeys = {
  consent: (token: string) => ['guardian', 'consent', token] as const,
  children: ['guardian', 'children'] as const,
  child: (id: string) => ['guardian', 'children', id] as const,
  conversations: (id: string) => ['guardian', 'children', id, 'conversations'] as const,
  conversation: (id: string, thread: string) =>
    ['guardian', 'children', id, 'conversations', thread] as const,
};

/** `GET /api/guardian/consent/{token}`: the child, the notice and its version. */
export function useConsentRequest(token: string) {
  return useQuery({
    queryKey: guardianKeys.consent(token),
    queryFn: ({ signal }) => api.get(path(token), consentRequestViewSchema, { signal }),
    retry: false,
  });
}

/** `POST /api/guardian/consent/{token}` as the signed-in guardian. */
export function useDecideConsent(token: string) {
  return useMutation({
    mutationFn: (body: ConsentDecisionBody) => api.post(path(token), body, messageSchema),
  });
}

/** `POST /api/login` then `POST /api/token/` with `is_guardian: true`. */
export async function guardianLogin(email: string, password: string): Promise<SessionInput> {
  const body = { email, password, is_academy: false, is_guardian: true };
  const user = await api.post('login', body, loginResponseSchema);
  const tokens = await api.post('token/', body, tokenPairSchema);
  return { ...user, access: tokens.access, refresh: tokens.refresh };
}

/** `POST /api/guardian/signup {token, username, email, password}`: then the e-mailed code. */
export function guardianSignup(body: {
  token: string;
  username: string;
  email: string;
  password: string;
}) {
  return api.post('guardian/signup', body, messageSchema);
}

/** `PUT /api/otp_verification`: the guardian's e-mail code. */
export function verifyGuardianEmail(email: string, otp: string) {
  return api.put('otp_verification', { email, otp, purpose: 'verify' }, otpVerifyResponseSchema);
}

/** `POST /api/resend_otp`: a new code. */
export function resendGuardianCode(email: string) {
  return api.post('resend_otp', { email }, messageSchema);
}

export function useChildren() {
  return useQuery({
    queryKey: guardianKeys.children,
    queryFn: ({ signal }) => api.get('guardian/children', childrenSchema, { signal }),
  });
}

export function useChild(id: string) {
  return useQuery({
    queryKey: guardianKeys.child(id),
    queryFn: ({ signal }) => api.get(`guardian/children/${id}`, childDetailSchema, { signal }),
    // Back from paying a child's trial (another page), the approvals must be read again.
    refetchOnMount: 'always',
  });
}

export function useChildConversations(id: string) {
  return useQuery({
    queryKey: guardianKeys.conversations(id),
    queryFn: ({ signal }) =>
      api.get(`guardian/children/${id}/conversations`, childConversationsSchema, { signal }),
  });
}

export function useChildConversation(id: string, thread: string | null) {
  return useQuery({
    queryKey: guardianKeys.conversation(id, thread ?? ''),
    enabled: thread !== null,
    queryFn: ({ signal }) =>
      api.get(
        `guardian/children/${id}/conversations/${encodeURIComponent(thread ?? '')}`,
        childConversationSchema,
        { signal },
      ),
  });
}

export function useChildSettings(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (messaging: ChildMessaging) =>
      api.put(`guardian/children/${id}/settings`, { messaging }, childSettingsSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: guardianKeys.children }),
  });
}

export function useWithdrawConsent(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post(`guardian/children/${id}/withdraw`, {}, messageSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: guardianKeys.children }),
  });
}

/**
 * `POST /api/guardian/approvals/{registrationId} {decision}` (decision 42): approve (a paid
 * trial answers the checkout to pay through) or decline a child's trial registration.
 */
export function useDecideApproval(childId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { registrationId: string; decision: GuardianApprovalDecision }) =>
      api.post(
        `guardian/approvals/${input.registrationId}`,
        { decision: input.decision },
        guardianApprovalResponseSchema,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: guardianKeys.child(childId) }),
  });
}
