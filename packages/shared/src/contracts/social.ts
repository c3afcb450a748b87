import { z } from 'zod';
import { LIMITS } from '../limits';

export const personSchema = z.object({
  id: z.string(),
  username: z.string(),
  role: z.enum(['player', 'academy', 'admin']),
  photo_url: z.string().nullable(),
  state: z.string().nullable(),
  district: z.string().nullable(),
  sports: z.array(z.string()),
  /** When the friendship, request or follow began. */
  since: z.string(),
});
export type Person = z.infer<typeof personSchema>;

export const peoplePageSchema = z.object({
  results: z.array(personSchema),
  /** Cursor for the next page (`?before=`), null on the last page. */
  next: z.string().nullable(),
});

export const listQuerySchema = z.object({
  before: z.iso.datetime({ offset: true }).optional(),
  limit: z.coerce.number().int().min(1).max(LIMITS.maxPageSize).default(30),
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

export const notificationPageSchema = z.object({
  results: z.array(notificationSchema),
  has_more: z.boolean(),
  page: z.number().int(),
  unread_count: z.number().int().min(0),
});

export const searchTypeSchema = z.enum(['Trial', 'Player', 'Academy']);
export const searchSuggestionSchema = z.object({
  id: z.string(),
  type: searchTypeSchema,
  name: z.string(),
  photoUrl: z.string().optional(),
});
export type SearchSuggestion = z.infer<typeof searchSuggestionSchema>;

export const searchResultSchema = searchSuggestionSchema.extend({
  subtitle: z.string(),
  relationship: relationshipSchema.nullable(),
});
export const searchResultsSchema = z.object({
  results: z.array(searchResultSchema),
  has_more: z.boolean(),
  page: z.number().int(),
});
