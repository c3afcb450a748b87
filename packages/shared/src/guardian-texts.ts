/**
 * Guardians' and consent's constants and texts, without zod (supplement §14): the web's first
 * load (the session-expiry notice) imports them without pulling the contract's schemas in
 * (contracts/guardians.ts holds the schemas).
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

/** The guardian's page (notices and e-mails to guardians link here). */
export const GUARDIAN_HOME_PATH = '/guardian/home';

/**
 * Contact in the open and the link's end at 18 (supplement §14, decision 43): in-app notices
 * (kind `system`) and the e-mails' subjects.
 */
export const GUARDIAN_NOTICES = {
  /** To each linked guardian when an academy first messages their child. */
  contact: (academy: string, child: string) =>
    `${academy} has started a conversation with ${child}: you can read every message on your guardian page`,
  contactSubject: (academy: string, child: string) =>
    `${academy} has messaged ${child} on Touchline`,
  /** To each guardian whose link ended because the child turned 18. */
  linkEndedGuardian: (child: string) =>
    `${child} has turned 18, so your guardian link has ended. Your consent records are kept.`,
  /** To the player who turned 18. */
  linkEndedChild: 'You are 18 now: your account no longer needs a guardian',
  linkEndedSubject: (child: string) => `${child} is 18: the guardian link has ended`,
  /** What a child awaiting consent sees in place of buttons the server would refuse. */
  waitingForGuardian: 'Waiting for your guardian’s consent',
} as const;
