import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { mediaObjects } from './media';
import { users } from './users';

/**
 * The profile details beyond the account (supplement §2), one row per user, created on the first
 * edit. The profile photo stays on `users.profile_photo_media_id` (the session answers use it);
 * the cover photo is here. `phone` is E.164 and private (owner and administrators only).
 */
export const profiles = pgTable(
  'profiles',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    bio: text('bio'),
    about: text('about'),
    coverPhotoMediaId: uuid('cover_photo_media_id').references(() => mediaObjects.id, {
      onDelete: 'set null',
    }),
    openToWork: boolean('open_to_work').notNull().default(false),
    position: text('position'),
    heightCm: integer('height_cm'),
    weightKg: integer('weight_kg'),
    /** Preferred foot (football) or hand (basketball). */
    preferredSide: text('preferred_side', { enum: ['left', 'right', 'both'] }),
    phone: text('phone'),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('profiles_cover_photo_idx').on(t.coverPhotoMediaId),
    check('profiles_bio_length', sql`char_length(${t.bio}) <= 160`),
    check('profiles_about_length', sql`char_length(${t.about}) <= 2000`),
    check('profiles_preferred_side', sql`${t.preferredSide} in ('left', 'right', 'both')`),
  ],
);

/** Achievements of players and academies, listed newest issue date first. */
export const achievements = pgTable(
  'achievements',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    organisation: text('organisation'),
    issuedMonth: integer('issued_month').notNull(),
    issuedYear: integer('issued_year').notNull(),
    imageMediaId: uuid('image_media_id').references(() => mediaObjects.id, {
      onDelete: 'set null',
    }),
    description: text('description'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('achievements_user_issued_idx').on(t.userId, t.issuedYear.desc(), t.issuedMonth.desc()),
    index('achievements_image_idx').on(t.imageMediaId),
    check('achievements_issued_month', sql`${t.issuedMonth} between 1 and 12`),
  ],
);

/**
 * A player's playing history: a registered academy (`academy_id`, its name copied into
 * `academy_name` so the entry survives the academy's deletion) or a free name.
 */
export const experiences = pgTable(
  'experiences',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    academyId: uuid('academy_id').references(() => users.id, { onDelete: 'set null' }),
    academyName: text('academy_name').notNull(),
    sport: text('sport').notNull(),
    position: text('position').notNull(),
    startMonth: integer('start_month').notNull(),
    startYear: integer('start_year').notNull(),
    endMonth: integer('end_month'),
    endYear: integer('end_year'),
    isCurrent: boolean('is_current').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('experiences_user_idx').on(t.userId),
    index('experiences_academy_idx').on(t.academyId),
    check('experiences_start_month', sql`${t.startMonth} between 1 and 12`),
    check('experiences_end_month', sql`${t.endMonth} between 1 and 12`),
    check(
      'experiences_current_has_no_end',
      sql`not (${t.isCurrent} and (${t.endMonth} is not null or ${t.endYear} is not null))`,
    ),
  ],
);
