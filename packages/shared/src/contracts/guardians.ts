import { z } from 'zod';
import { feedbackSchema } from './evaluations';
import { isEmailAddress } from './auth';
import { pendingApprovalSchema } from './guardian-approvals';
import { normalizeNigerianPhone, PROFILE_MESSAGES } from './profiles';
import {
  CONSENT_STATUSES,
  CHILD_MESSAGING,
  GUARDIAN_LIMITS,
  GUARDIAN_MESSAGES,
} from '../guardian-texts';

/**
 * Guardians and consent (supplement §14; NDPA 2023 s. 31): a player under 18 reaches nobody
 * until a parent or legal guardian consents through a mailed link, and the guardian has their
 * own account and page. API names as the supplement gives them.
 */

/** A guardian's e-mail (required for an under-18 player) and optional phone, as signup takes them. */
export const guardianContactFields = z.object({
  guardian_email: z
    .string()
    .trim()
    .max(254, GUARDIAN_MESSAGES.guardianEmailInvalid)
    .optional()
    .default('')
    .transform((v) => v.toLowerCase())
    .refine((v) => v === '' || isEmailAddress(v), GUARDIAN_MESSAGES.guardianEmailInvalid),
  guardian_phone: z
    .string()
    .trim()
    .max(30, PROFILE_MESSAGES.phoneInvalid)
    .optional()
    .default('')
    .superRefine((v, ctx) => {
      if (v !== '' && !normalizeNigerianPhone(v))
        ctx.addIssue({ code: 'custom', message: PROFILE_MESSAGES.phoneInvalid });
    })
    .transform((v) => (v === '' ? null : normalizeNigerianPhone(v))),
});
export type GuardianContact = z.output<typeof guardianContactFields>;

/** `GET /api/guardian/consent/{token}`: what the consent page shows. */
export const consentRequestViewSchema = z.object({
  child: z.object({ username: z.string(), age: z.number().int().nullable() }),
  guardian_email: z.string(),
  expires_at: z.string(),
  notice: z.object({
    version: z.string(),
    title: z.string(),
    paragraphs: z.array(z.string()),
  }),
});
export type ConsentRequestView = z.infer<typeof consentRequestViewSchema>;

/** `POST /api/guardian/consent/{token}` (a signed-in guardian). */
export const consentDecisionSchema = z.object({
  decision: z.enum(['give', 'decline']),
  relationship: z
    .string({ error: GUARDIAN_MESSAGES.relationshipRequired })
    .trim()
    .min(1, GUARDIAN_MESSAGES.relationshipRequired)
    .max(GUARDIAN_LIMITS.relationshipMaxLength),
});
export type ConsentDecisionBody = z.infer<typeof consentDecisionSchema>;

/** `POST /api/guardian/signup`: a guardian account tied to a consent link. */
export const guardianSignupSchema = z.object({
  token: z.string().min(1).max(200),
  username: z.string().trim().min(1, 'Name is required').max(100, 'Name is too long'),
  email: z
    .string()
    .trim()
    .min(1, 'Email is required')
    .max(254)
    .transform((v) => v.toLowerCase())
    .refine(isEmailAddress, 'Enter a valid email address'),
  password: z.string().min(1).max(128),
});

export const childSummarySchema = z.object({
  id: z.string(),
  username: z.string(),
  age: z.number().int().nullable(),
  consent_status: z.enum(CONSENT_STATUSES),
  messaging: z.enum(CHILD_MESSAGING),
  relationship: z.string(),
  profile_photo: z.string().nullable(),
  state: z.string().nullable(),
  district: z.string().nullable(),
  sports: z.array(z.string()),
});
export type ChildSummary = z.infer<typeof childSummarySchema>;

export const childSettingsSchema = z.object({ messaging: z.enum(CHILD_MESSAGING) });

/** `GET /api/guardian/children/{id}`: the child's profile, registrations and payments. */
export const childDetailSchema = z.object({
  child: childSummarySchema,
  registrations: z.array(
    z.object({
      id: z.string(),
      reference_code: z.string(),
      status: z.string(),
      created_at: z.string(),
      trial: z.object({
        id: z.string(),
        name: z.string(),
        trial_date: z.string(),
        venue: z.string(),
        academy: z.string(),
      }),
      payment: z
        .object({
          reference: z.string(),
          amount: z.number().int(),
          currency: z.string(),
          status: z.string(),
          paid_at: z.string().nullable(),
        })
        .nullable(),
      /** Added (§17): the academy's shared evaluation, the child's feedback report. */
      feedback: feedbackSchema.nullable().default(null),
    }),
  ),
  /** Registrations waiting for a guardian's approval (decision 42). */
  approvals: z.array(pendingApprovalSchema).default([]),
});
export type ChildDetail = z.infer<typeof childDetailSchema>;

export const childConversationsSchema = z.object({
  results: z.array(
    z.object({
      thread_name: z.string(),
      academy: z.object({ id: z.string(), username: z.string() }),
      last_activity_at: z.string(),
    }),
  ),
});

export const childConversationSchema = z.object({
  thread_name: z.string(),
  messages: z.array(
    z.object({
      id: z.string(),
      sender_id: z.string(),
      sender: z.string(),
      text: z.string(),
      deleted: z.boolean(),
      created_at: z.string(),
    }),
  ),
});

/** `GET /api/admin/consents`: accounts awaiting consent (`status=awaiting`) or the ledger. */
export const adminConsentsSchema = z.object({
  awaiting: z.array(
    z.object({
      id: z.string(),
      username: z.string(),
      email: z.string(),
      dob: z.string().nullable(),
      created_at: z.string(),
      guardian_email: z.string().nullable(),
      requested_at: z.string().nullable(),
    }),
  ),
  ledger: z.array(
    z.object({
      id: z.string(),
      child: z.object({ id: z.string(), username: z.string() }),
      guardian: z
        .object({ id: z.string(), username: z.string().nullable(), email: z.string().nullable() })
        .nullable(),
      decision: z.enum(['given', 'declined', 'withdrawn']),
      relationship: z.string().nullable(),
      notice_version: z.string(),
      method: z.string(),
      ip: z.string().nullable(),
      recorded_at: z.string(),
    }),
  ),
  page: z.number().int(),
  has_more: z.boolean(),
});
