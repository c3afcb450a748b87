import { z } from 'zod';
import { isEmailAddress } from './auth';
import { normalizeNigerianPhone, PROFILE_MESSAGES } from './profiles';

/**
 * Guardians and consent (supplement §14; NDPA 2023 s. 31): a player under 18 reaches nobody
 * until a parent or legal guardian consents through a mailed link, and the guardian has their
 * own account and page. API names as the supplement gives them.
 */

export const CONSENT_STATUSES = ['not_needed', 'awaiting_consent', 'given', 'withdrawn'] as const;
export type ConsentStatus = (typeof CONSENT_STATUSES)[number];

export const CHILD_MESSAGING = ['friends_and_academies', 'friends', 'nobody'] as const;
export type ChildMessaging = (typeof CHILD_MESSAGING)[number];

export const GUARDIAN_LIMITS = {
  /** A consent link works this long (and once). */
  consentLinkDays: 7,
  /** 'Resend to my guardian': at most this many consent e-mails per child per hour. */
  resendPerHour: 3,
  /** Two guardians per child (supplement §14). */
  guardiansPerChild: 2,
  relationshipMaxLength: 60,
  /** A withdrawn child's account is erased this long after, unless consent is given again. */
  eraseAfterWithdrawalDays: 30,
} as const;

/**
 * The version of the plain-words notice the consent page shows; every ledger row records the
 * version the guardian read. Change it whenever `CONSENT_NOTICE` changes.
 */
export const CONSENT_NOTICE_VERSION = '2026-11-28';

/** The notice a guardian reads before deciding (the consent page, and the e-mail in short). */
export const CONSENT_NOTICE = {
  title: 'Your consent for your child on Touchline',
  paragraphs: [
    'Touchline is where young footballers and basketball players in Nigeria show what they can do and academies find them. Because your child is under 18, the Nigeria Data Protection Act 2023 asks for your consent before we process their data.',
    'What we store: your child’s name, e-mail address, date of birth, state and local government area, their sport and position, what they write on their profile, the photos and posts they add, their messages, and their trial registrations and payments.',
    'Who sees it: friends your child accepts, academies your child follows or registers with, academies Touchline has verified (after checking their licence), and Touchline administrators. Everyone else sees only a name, photo, sport, state and age band, and never posts. Exact date of birth, e-mail and phone are never shown to other users.',
    'What you can do: see your child’s profile, trial registrations, payments and conversations with academies on your guardian page; choose who may message your child; take out a copy of their data; and withdraw consent at any time. When you withdraw, the account is hidden and signed out at once, and erased after 30 days unless you consent again.',
  ],
} as const;

export const GUARDIAN_MESSAGES = {
  guardianEmailRequired: "Enter your parent's or guardian's e-mail address",
  guardianEmailInvalid: 'Enter a valid e-mail address for your parent or guardian',
  guardianEmailSame: "Your guardian's e-mail must be different from your own",
  consentRequired:
    'Your account is waiting for your parent or guardian to give consent. Until then nobody can find or message you, and you cannot post, chat or register for trials.',
  resendDone: 'We have sent the consent e-mail to your guardian again',
  resendTooSoon:
    'You have asked several times this hour. Please wait a little before sending it again.',
  resendNotNeeded: 'Your account does not need a guardian’s consent',
  linkInvalid: 'This consent link is not valid. Ask your child to send a new one.',
  linkUsed: 'This consent link has already been used.',
  linkExpired: 'This consent link has expired. Ask your child to send a new one.',
  guardianOnly: 'Sign in with a guardian account to answer this request',
  notChildsOwnAccount: 'A child cannot give consent for themselves',
  tooManyGuardians: 'This child already has two guardians',
  relationshipRequired: 'Tell us how you are related to the child',
  consentGiven: (child: string) =>
    `Thank you. ${child}'s account is now active, and you can follow it on your guardian page.`,
  consentDeclined: (child: string) =>
    `You declined. ${child}'s account stays hidden, and nobody can find or contact them.`,
  childNotFound: 'Child not found',
  withdrawn: (child: string) =>
    `Consent withdrawn. ${child}'s account is hidden and signed out, and will be erased in 30 days unless you consent again.`,
  /** The message a withdrawn child's open tabs end with. */
  accountFrozen: 'Your guardian has withdrawn consent, so this account is closed',
  settingsSaved: 'Saved',
  /** The e-mail to the guardian. */
  emailSubject: (child: string) => `${child} needs your consent to use Touchline`,
} as const;

export const GUARDIAN_ERRORS = {
  guardianEmailSame: 'guardian.email_same',
  consentRequired: 'guardian.consent_required',
  resendTooSoon: 'guardian.resend_too_soon',
  resendNotNeeded: 'guardian.resend_not_needed',
  linkInvalid: 'guardian.link_invalid',
  linkUsed: 'guardian.link_used',
  linkExpired: 'guardian.link_expired',
  guardianOnly: 'guardian.guardian_only',
  selfConsent: 'guardian.self_consent',
  tooManyGuardians: 'guardian.too_many_guardians',
  childNotFound: 'guardian.child_not_found',
  accountFrozen: 'guardian.account_frozen',
} as const;

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
    }),
  ),
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
