import { z } from 'zod';
import { ROLES } from '../roles';
import {
  beforeCursorSchema,
  cursorPageFields,
  eitherPageFields,
  keysetCursorSchema,
  numberedPageFields,
  pageLimitSchema,
  pageNumberSchema,
} from '../paging';

export const personSchema = z.object({
  id: z.string(),
  username: z.string(),
  role: z.enum(ROLES),
  photo_url: z.string().nullable(),
  state: z.string().nullable(),
  district: z.string().nullable(),
  sports: z.array(z.string()),
  /** When the friendship, request or follow began. */
  since: z.string(),
});
export type Person = z.infer<typeof personSchema>;

/** A page of people, newest first; `next` is the `?before=` of the following page. */
export const peoplePageSchema = z.object({
  results: z.array(personSchema),
  ...cursorPageFields,
});

/** `?before=` (the previous answer's `next`: `<since>~<person id>`) `&limit=` of a people list. */
export const listQuerySchema = z.object({
  before: beforeCursorSchema,
  limit: pageLimitSchema(30),
});

export const relationshipSchema = z.object({
  friend_status: z.enum([
    'self',
    'friends',
    'request_sent',
    'request_received',
    'none',
    'not_applicable',
  ]),
  is_following: z.boolean(),
  blocked_by_me: z.boolean(),
});
export type RelationshipView = z.infer<typeof relationshipSchema>;

export const notificationSchema = z.object({
  id: z.string(),
  kind: z.string(),
  text: z.string(),
  link: z.string(),
  actor: z
    .object({
      id: z.string(),
      username: z.string(),
      role: z.string(),
      photo_url: z.string().nullable(),
    })
    .nullable(),
  is_read: z.boolean(),
  created_at: z.string(),
});
export type NotificationView = z.infer<typeof notificationSchema>;

/**
 * `GET /api/notification?page=` (supplement §12: a page number) or `?before=` (keyset, what the
 * web client uses): newest first by (created_at, id). `before` is the previous answer's `next`.
 */
export const notificationQuerySchema = z.object({
  page: pageNumberSchema(),
  before: beforeCursorSchema,
});
export const notificationPageSchema = z.object({
  results: z.array(notificationSchema),
  ...eitherPageFields,
  unread_count: z.number().int().min(0),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

export const searchTypeSchema = z.enum(['Trial', 'Player', 'Academy']);
export const searchSuggestionSchema = z.object({
  id: z.string(),
  type: searchTypeSchema,
  name: z.string(),
  photoUrl: z.string().optional(),
});
export type SearchSuggestion = z.infer<typeof searchSuggestionSchema>;
/** `GET /api/search?q=`: the navbar suggestions. */
export const searchSuggestionsSchema = z.array(searchSuggestionSchema);

export const searchResultSchema = searchSuggestionSchema.extend({
  subtitle: z.string(),
  relationship: relationshipSchema.nullable(),
});
export const searchResultsSchema = z.object({
  results: z.array(searchResultSchema),
  ...numberedPageFields,
});

/** `POST /api/friend_request`: a new request, or a friendship when they had already asked. */
export const friendRequestResponseSchema = z.object({
  status: z.enum(['request_sent', 'friends']),
});

/** `GET /api/friend_suggestion`: people the caller may know. */
export const friendSuggestionsSchema = z.object({ results: z.array(personSchema) });

/** The caller's unread notification count (read, mark-read and delete answers). */
export const unreadCountSchema = z.object({ unread_count: z.number().int().min(0) });

/** `GET /api/block?before=&limit=`: the users the caller blocked, newest first, keyset-paged. */
export const blockedQuerySchema = z.object({
  before: keysetCursorSchema.optional(),
  limit: pageLimitSchema(30),
});
export const blockedUsersSchema = z.object({
  results: z.array(
    z.object({ id: z.string(), username: z.string(), role: z.string(), since: z.string() }),
  ),
  /** `next`: the `?before=` of the following page. */
  ...cursorPageFields,
});
