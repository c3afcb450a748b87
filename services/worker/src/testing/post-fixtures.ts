import { and, eq } from 'drizzle-orm';
import { schema, type Database } from '@touchline/db';

/**
 * Posts, likes and comments written straight into the tables, as the API's transactions leave
 * them (the worker only reads them), so worker tests do not depend on the posts module.
 */
export async function insertTestPost(db: Database, authorId: string, content = 'Training today') {
  const [post] = await db.insert(schema.posts).values({ authorId, content }).returning();
  return post!;
}

export async function likeTestPost(db: Database, postId: string, userId: string, at?: Date) {
  await db
    .insert(schema.postLikes)
    .values({ postId, userId, ...(at ? { createdAt: at } : {}) })
    .onConflictDoNothing();
}

export async function unlikeTestPost(db: Database, postId: string, userId: string) {
  await db
    .delete(schema.postLikes)
    .where(and(eq(schema.postLikes.postId, postId), eq(schema.postLikes.userId, userId)));
}

export async function commentOnTestPost(
  db: Database,
  input: { postId: string; authorId: string; parentId?: string; content?: string },
) {
  const [comment] = await db
    .insert(schema.comments)
    .values({
      postId: input.postId,
      authorId: input.authorId,
      parentId: input.parentId ?? null,
      depth: input.parentId ? 1 : 0,
      content: input.content ?? 'Well played',
    })
    .returning();
  return comment!;
}
