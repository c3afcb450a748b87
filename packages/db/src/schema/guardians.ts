import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tz } from './columns';
import { users } from './users';

/**
 * A guardian of a child (supplement §14): at most two live links per child, any number of
 * children per guardian. A link ends (`ended_at`) when consent is withdrawn or the child turns
 * 18; ended links stay as history.
 */
export const guardianLinks = pgTable(
  'guardian_links',
  {
    id: id(),
    childId: uuid('child_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    guardianId: uuid('guardian_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    relationship: text('relationship').notNull(),
    createdAt: createdAt(),
    endedAt: tz('ended_at'),
    endedReason: text('ended_reason'),
  },
  (t) => [
    // One live link per pair; the two-per-child limit is checked under the child's row lock.
    uniqueIndex('guardian_links_live_pair_key')
      .on(t.childId, t.guardianId)
      .where(sql`${t.endedAt} is null`),
    index('guardian_links_guardian_idx').on(t.guardianId),
    index('guardian_links_child_idx').on(t.childId),
  ],
);

/**
 * A request to a guardian for a child's consent: the link `/guardian/consent/{token}` carries a
 * random token; only its SHA-256 is stored. Single use (`used_at`), expiring (`expires_at`, 7
 * days), and superseded when the child asks again (`superseded_at`).
 */
export const consentRequests = pgTable(
  'consent_requests',
  {
    id: id(),
    childId: uuid('child_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    guardianEmail: text('guardian_email').notNull(),
    guardianPhone: text('guardian_phone'),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: tz('expires_at').notNull(),
    usedAt: tz('used_at'),
    supersededAt: tz('superseded_at'),
  },
  (t) => [
    uniqueIndex('consent_requests_token_hash_key').on(t.tokenHash),
    index('consent_requests_child_created_idx').on(t.childId, t.createdAt.desc()),
  ],
);

/**
 * Every consent decision, append-only (a database trigger refuses UPDATE, DELETE and TRUNCATE):
 * the child, the guardian, the decision, the notice version shown, how the guardian was checked,
 * when and from which address. Kept when either account is erased.
 */
export const consentLedger = pgTable(
  'consent_ledger',
  {
    id: id(),
    childId: uuid('child_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    guardianId: uuid('guardian_id').references(() => users.id, { onDelete: 'restrict' }),
    decision: text('decision', { enum: ['given', 'declined', 'withdrawn'] }).notNull(),
    relationship: text('relationship'),
    noticeVersion: text('notice_version').notNull(),
    method: text('method').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    recordedAt: tz('recorded_at').notNull().defaultNow(),
  },
  (t) => [
    index('consent_ledger_child_idx').on(t.childId, t.recordedAt),
    index('consent_ledger_guardian_idx').on(t.guardianId),
    index('consent_ledger_recorded_idx').on(t.recordedAt.desc()),
    check('consent_ledger_decision', sql`${t.decision} in ('given', 'declined', 'withdrawn')`),
  ],
);
