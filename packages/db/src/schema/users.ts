import { sql } from 'drizzle-orm';
import { boolean, check, date, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tz, updatedAt } from './columns';

/**
 * Every account: players, academies and administrators. The role is stored, never derived.
 * `email` is stored lower-cased. `password_hash` is null for Google-only accounts.
 */
export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    role: text('role', { enum: ['player', 'academy', 'admin', 'guardian'] }).notNull(),
    username: text('username').notNull(),
    dob: date('dob', { mode: 'string' }),
    establishedOn: date('established_on', { mode: 'string' }),
    state: text('state'),
    district: text('district'),
    sports: text('sports')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    googleSub: text('google_sub'),
    emailVerifiedAt: tz('email_verified_at'),
    isActive: boolean('is_active').notNull().default(true),
    blockedAt: tz('blocked_at'),
    blockedReason: text('blocked_reason'),
    academyStatus: text('academy_status', {
      enum: ['unverified', 'verified', 'declined'],
    }),
    licenceMediaId: uuid('licence_media_id'),
    profilePhotoMediaId: uuid('profile_photo_media_id'),
    /** When the user's last socket closed (chat presence: 'Last seen'); null when never seen. */
    lastSeenAt: tz('last_seen_at'),
    /**
     * The owner deleted the account (supplement §15): it is inactive (`is_active` false, hidden as
     * a blocked account is) from then on, and erased at `erase_after` (30 days later, or at once
     * on request) unless restored first. Both null on a live account.
     */
    deletedAt: tz('deleted_at'),
    eraseAfter: tz('erase_after'),
    /**
     * When the account was erased: the row stays as a tombstone ('Deleted user', no e-mail,
     * password or personal field) so payments, conversations and audit records keep their ids.
     */
    erasedAt: tz('erased_at'),
    /**
     * A guardian's consent (supplement §14): `not_needed` for adults, academies, administrators
     * and guardians; a player under 18 is `awaiting_consent` until a linked guardian gives it
     * (`given`), and `withdrawn` when a guardian takes it back (the account is then frozen).
     */
    consentStatus: text('consent_status', {
      enum: ['not_needed', 'awaiting_consent', 'given', 'withdrawn'],
    })
      .notNull()
      .default('not_needed'),
    /**
     * Who may message a minor, set by their guardian: friends and academies (the chat rules'
     * default), friends only, or nobody.
     */
    messaging: text('messaging', { enum: ['friends_and_academies', 'friends', 'nobody'] })
      .notNull()
      .default('friends_and_academies'),
    /**
     * The one "reachable" predicate (decision 37): an account others may find, see, befriend,
     * message, register or be told about. Active (not blocked, not deleted) and, for a child, with
     * a guardian's consent. Computed by the database, so no query can forget half of it.
     */
    reachable: boolean('reachable')
      .notNull()
      .generatedAlwaysAs(sql`is_active and consent_status in ('not_needed', 'given')`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_google_sub_key').on(t.googleSub),
    index('users_role_created_idx').on(t.role, t.createdAt),
    // The erasure sweep: accounts waiting to be erased, soonest first.
    index('users_erase_due_idx')
      .on(t.eraseAfter)
      .where(sql`${t.deletedAt} is not null and ${t.erasedAt} is null`),
    check(
      'users_consent_status',
      sql`${t.consentStatus} in ('not_needed', 'awaiting_consent', 'given', 'withdrawn')`,
    ),
    check('users_messaging', sql`${t.messaging} in ('friends_and_academies', 'friends', 'nobody')`),
    // Administrators' list of accounts awaiting consent.
    index('users_consent_awaiting_idx')
      .on(t.createdAt)
      .where(sql`${t.consentStatus} = 'awaiting_consent'`),
    // Accounts others may not reach: the home card counts a user's reachable friends as all of
    // them minus these, without reading every friend's row (decision 64).
    index('users_unreachable_idx')
      .on(t.id)
      .where(sql`not ${t.reachable}`),
    // Typo-tolerant name search (pg_trgm).
    index('users_username_trgm_idx').using('gin', t.username.op('gin_trgm_ops')),
  ],
);

/**
 * A signed-in session (one refresh-token family). Revoking it ends every token of the family.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: createdAt(),
    lastUsedAt: tz('last_used_at').notNull().defaultNow(),
    expiresAt: tz('expires_at').notNull(),
    revokedAt: tz('revoked_at'),
    revokedReason: text('revoked_reason'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * Refresh tokens, stored hashed. Each refresh rotates: the presented token is marked used and a
 * new one issued. Presenting a used token again is reuse: the whole session is revoked.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: tz('expires_at').notNull(),
    usedAt: tz('used_at'),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash),
    index('refresh_tokens_session_idx').on(t.sessionId),
  ],
);
