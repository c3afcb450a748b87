import { randomUUID } from 'node:crypto';
import type { SharedPostRow } from '@touchline/db/posts';
import type { BusDriver } from '@touchline/drivers';
import {
  SESSIONS_CHANNEL,
  type ConsentStatus,
  type Role,
  type SessionInvalidation,
  type SessionUser,
} from '@touchline/shared';

/** What the auth check needs of a live session of an active account. */
export type CachedSession = {
  userId: string;
  role: Role;
  consentStatus: ConsentStatus;
  /** The session's own end (the refresh token's 30 days): never served past it. */
  expiresAt: Date;
};

/** A subscription the bus refused (Redis not reachable at start) is tried again this often. */
const SUBSCRIBE_RETRY_MS = 1000;
/**
 * How long an invalidation waits for every instance's acknowledgement. One that does not answer
 * in time (stalled, or its connection just dropped: it then bypasses its cache anyway) is logged.
 */
const ACK_TIMEOUT_MS = 1000;

/** The invalidation as it travels: who sent it and its nonce, for the acknowledgements. */
type Invalidation = SessionInvalidation & { from?: string; nonce?: string };
const ackChannel = (instance: string) => `${SESSIONS_CHANNEL}:ack:${instance}`;

type Logger = { warn: (obj: object, msg?: string) => void };

export type SessionCacheOptions = {
  bus: Pick<BusDriver, 'publish' | 'publishCounted' | 'subscribe' | 'delivering'> & {
    onReconnect?: (listener: () => void) => () => void;
  };
  logger: Logger;
  /** Milliseconds since some origin (tests pass a clock of their own). */
  now?: () => number;
  /** The safety net: an entry is read from the database again after this long. */
  ttlMs?: number;
  /** The most sessions remembered; the least recently used one leaves first. */
  maxEntries?: number;
  /** The most posts remembered (`getPost`); the least recently used one leaves first. */
  maxPosts?: number;
};

type Entry = { session: CachedSession; storedAt: number };
type ViewEntry = { view: SessionUser; storedAt: number };
type PostEntry = { post: SharedPostRow; storedAt: number; users: readonly string[] };

/**
 * Live sessions this API instance has checked recently, so a signed-in request needs no database
 * read for its session. Whatever ends or changes a session (sign-out, revocation, block, consent,
 * deletion) calls `invalidate` after its commit and before it answers: the entry leaves this
 * instance at once and every other instance through the bus. The cache is trusted only while the
 * bus delivers (`delivering()` and our own subscription confirmed): during an outage every request
 * reads the database, and everything is forgotten when the bus is back (what was published
 * meanwhile never came). Entries expire after `ttlMs` whatever happens (a lost publish).
 */
export function createSessionCache(options: SessionCacheOptions) {
  const { bus, logger } = options;
  const now = options.now ?? (() => performance.now());
  const ttlMs = options.ttlMs ?? 30_000;
  const maxEntries = options.maxEntries ?? 20_000;
  const entries = new Map<string, Entry>(); // by session id, least recently used first
  const byUser = new Map<string, Set<string>>();
  /**
   * What `GET /api/me` answers, by user (decision 63): their own data and unread badge. Forgotten
   * with the user's sessions, and alone when the data or the badge changes (`profilesOf`).
   */
  const views = new Map<string, ViewEntry>(); // least recently used first
  /**
   * The shared parts of posts as the home feed shows them (decision 70), by post id, and by the
   * users whose public facts they carry (the author, the authors of the comments shown).
   * Forgotten by `postsOf` (the post's text, comments or media changed) and with those users'
   * `profilesOf` or sessions (a name, photo or bio changed, an account's reach changed).
   */
  const posts = new Map<string, PostEntry>(); // least recently used first
  const postsByUser = new Map<string, Set<string>>();
  const maxPosts = options.maxPosts ?? 5_000;
  /**
   * Bumped by every invalidation and every flush. A database read that started before a bump may
   * hold what the invalidation just removed: it is used for its request, never stored.
   */
  let epoch = 0;
  let subscribed = false;
  let closed = false;
  const instance = randomUUID();
  /**
   * Invalidations of ours waiting for acknowledgements: how many came, and how many instances the
   * publish reached (null until the publish answers; an acknowledgement may come before).
   */
  const waiting = new Map<string, { acked: number; expected: number | null; done: () => void }>();
  const settle = (wait: { acked: number; expected: number | null; done: () => void }) => {
    if (wait.expected !== null && wait.acked >= wait.expected) wait.done();
  };

  function drop(sessionId: string) {
    const entry = entries.get(sessionId);
    if (!entry) return;
    entries.delete(sessionId);
    const sessions = byUser.get(entry.session.userId);
    sessions?.delete(sessionId);
    if (sessions?.size === 0) byUser.delete(entry.session.userId);
  }

  function dropPost(postId: string) {
    const entry = posts.get(postId);
    if (!entry) return;
    posts.delete(postId);
    for (const userId of entry.users) {
      const ids = postsByUser.get(userId);
      ids?.delete(postId);
      if (ids?.size === 0) postsByUser.delete(userId);
    }
  }

  function dropPostsOf(userId: string) {
    for (const postId of [...(postsByUser.get(userId) ?? [])]) dropPost(postId);
  }

  function forget(change: SessionInvalidation) {
    epoch += 1;
    if ('postsOf' in change) {
      for (const id of change.postsOf) dropPost(id);
      return;
    }
    if ('profilesOf' in change) {
      for (const id of change.profilesOf) {
        views.delete(id);
        dropPostsOf(id);
      }
      return;
    }
    const { userId, sessionId } = change;
    views.delete(userId);
    dropPostsOf(userId);
    if (sessionId) {
      if (entries.get(sessionId)?.session.userId === userId) drop(sessionId);
      return;
    }
    for (const id of [...(byUser.get(userId) ?? [])]) drop(id);
  }

  function flush() {
    epoch += 1;
    entries.clear();
    byUser.clear();
    views.clear();
    posts.clear();
    postsByUser.clear();
  }

  const trusted = () => subscribed && !closed && bus.delivering();

  function onInvalidation(message: Invalidation) {
    forget(message);
    // The sender waits until every instance has forgotten (the worker's repeats ask for nothing).
    if (message.from && message.nonce)
      bus.publish(ackChannel(message.from), message.nonce).catch((err: unknown) => {
        logger.warn({ err }, 'session invalidation not acknowledged');
      });
  }

  function onAck(nonce: unknown) {
    const wait = waiting.get(nonce as string);
    if (!wait) return;
    wait.acked += 1;
    settle(wait);
  }

  const stopReconnect = bus.onReconnect?.(flush);
  let unsubscribe: () => Promise<void> = async () => {};
  let retry: NodeJS.Timeout | undefined;
  let warned = false;
  /** Until the subscription is confirmed the cache is bypassed; a refused one is tried again. */
  async function listen(): Promise<void> {
    try {
      const stopAcks = await bus.subscribe(ackChannel(instance), onAck);
      let stopInvalidations: () => Promise<void>;
      try {
        stopInvalidations = await bus.subscribe(SESSIONS_CHANNEL, (message) =>
          onInvalidation(message as Invalidation),
        );
      } catch (err) {
        await stopAcks().catch(() => undefined);
        throw err;
      }
      unsubscribe = async () => {
        await Promise.all([stopInvalidations(), stopAcks()]);
      };
      if (closed) return void (await unsubscribe());
      flush();
      subscribed = true;
    } catch (err) {
      if (closed) return;
      if (!warned)
        logger.warn({ err }, 'session cache not listening yet; sessions read from the database');
      warned = true;
      await new Promise<void>((resolve) => {
        retry = setTimeout(resolve, SUBSCRIBE_RETRY_MS);
        retry.unref();
      });
      if (!closed) return listen();
    }
  }
  const listening = listen();

  return {
    /** Resolves once the cache listens to the bus (until then it is bypassed). */
    ready: () => listening,

    /** The remembered live session, or undefined (a miss, expired, or the bus not delivering). */
    get(sessionId: string, userId: string, at: Date): CachedSession | undefined {
      if (!trusted()) return undefined;
      const entry = entries.get(sessionId);
      if (!entry) return undefined;
      if (
        entry.session.userId !== userId ||
        now() - entry.storedAt >= ttlMs ||
        entry.session.expiresAt <= at
      ) {
        drop(sessionId);
        return undefined;
      }
      // Most recently used last (Map keeps insertion order).
      entries.delete(sessionId);
      entries.set(sessionId, entry);
      return entry.session;
    },

    /** Marks the start of a database read; pass it to `store`. */
    begin: () => epoch,

    /** Remembers a live session read since `begin` unless something was invalidated meanwhile. */
    store(sessionId: string, session: CachedSession, begun: number) {
      if (begun !== epoch || !trusted()) return;
      drop(sessionId);
      entries.set(sessionId, { session, storedAt: now() });
      const sessions = byUser.get(session.userId) ?? new Set<string>();
      byUser.set(session.userId, sessions.add(sessionId));
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next().value as string;
        drop(oldest);
      }
    },

    /**
     * Forgets the user's sessions (or one) here at once and on every instance through the bus.
     * Called after the change committed and before the request answers. A refused publish is
     * logged, not thrown (the change is done): the other instances cannot hear anything else
     * either while the bus is away, so they read the database until it is back and then forget
     * everything; an entry expires after `ttlMs` in any case.
     */
    async invalidate(change: SessionInvalidation) {
      forget(change);
      const nonce = randomUUID();
      let timer: NodeJS.Timeout | undefined;
      const acknowledged = new Promise<boolean>((resolve) => {
        waiting.set(nonce, { acked: 0, expected: null, done: () => resolve(true) });
        timer = setTimeout(() => resolve(false), ACK_TIMEOUT_MS);
        timer.unref();
      });
      try {
        const message: Invalidation = { ...change, from: instance, nonce };
        const reached = await bus.publishCounted(SESSIONS_CHANNEL, message);
        const wait = waiting.get(nonce)!;
        wait.expected = reached;
        settle(wait);
        if (!(await acknowledged))
          logger.warn(
            { ...subjectOf(change), reached, acknowledged: wait.acked },
            'session invalidation not acknowledged by every instance in time',
          );
      } catch (err) {
        logger.warn({ err, ...subjectOf(change) }, 'session invalidation not published');
      } finally {
        clearTimeout(timer);
        waiting.delete(nonce);
      }
    },

    /** The user's remembered `GET /api/me` answer, or undefined (as `get`). */
    getView(userId: string): SessionUser | undefined {
      if (!trusted()) return undefined;
      const entry = views.get(userId);
      if (!entry) return undefined;
      views.delete(userId);
      if (now() - entry.storedAt >= ttlMs) return undefined;
      views.set(userId, entry);
      return entry.view;
    },

    /** Remembers a `GET /api/me` answer read since `begin` unless something changed meanwhile. */
    storeView(view: SessionUser, begun: number) {
      if (begun !== epoch || !trusted()) return;
      // Frozen: handed out again and again (and its JSON remembered: lib/serialize-once.ts).
      Object.freeze(view.sports);
      views.delete(view.user_id);
      views.set(view.user_id, { view: Object.freeze(view), storedAt: now() });
      while (views.size > maxEntries) views.delete(views.keys().next().value as string);
    },

    /** The remembered shared part of a post, or undefined (as `get`). */
    getPost(postId: string): SharedPostRow | undefined {
      if (!trusted()) return undefined;
      const entry = posts.get(postId);
      if (!entry) return undefined;
      if (now() - entry.storedAt >= ttlMs) {
        dropPost(postId);
        return undefined;
      }
      posts.delete(postId);
      posts.set(postId, entry);
      return entry.post;
    },

    /** Remembers shared posts read since `begin` unless something was invalidated meanwhile. */
    storePosts(rows: readonly SharedPostRow[], begun: number) {
      if (begun !== epoch || !trusted()) return;
      for (const post of rows) {
        dropPost(post.id);
        const users = [...new Set([post.authorId, ...post.comments.map((c) => c.author_id)])];
        posts.set(post.id, { post, storedAt: now(), users });
        for (const userId of users) {
          const ids = postsByUser.get(userId) ?? new Set<string>();
          postsByUser.set(userId, ids.add(post.id));
        }
      }
      while (posts.size > maxPosts) dropPost(posts.keys().next().value as string);
    },

    size: () => entries.size,

    async close() {
      closed = true;
      stopReconnect?.();
      clearTimeout(retry);
      flush();
      await unsubscribe().catch(() => undefined);
    },
  };
}

/** Whom an invalidation is about, for the log. */
const subjectOf = (change: SessionInvalidation) =>
  'postsOf' in change
    ? { posts: change.postsOf.length }
    : 'profilesOf' in change
      ? { users: change.profilesOf.length }
      : { userId: change.userId };

export type SessionCache = ReturnType<typeof createSessionCache>;
