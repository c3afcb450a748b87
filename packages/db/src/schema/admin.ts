import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { users } from './users';

/**
 * What administrators did to accounts (supplement §10, §13): who, what, to whom, why and the
 * details (old and new values), written in the same transaction as the change itself. Rows are
 * never updated or deleted; the administration screens read them.
 */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: id(),
    /** The administrator who acted (kept when that account goes: the record must outlive it). */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** `<area>.<verb>`, e.g. `user.dob_corrected`. */
    action: text('action').notNull(),
    targetUserId: uuid('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    details: jsonb('details').notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('admin_audit_target_idx').on(t.targetUserId, t.createdAt),
    index('admin_audit_created_idx').on(t.createdAt),
  ],
);
