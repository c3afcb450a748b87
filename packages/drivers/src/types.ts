import type { Readable } from 'node:stream';
import type { JobName, JobPayload, QueueName } from '@touchline/shared';

/* ------------------------------------------------------------------ queue */

export type EnqueueOptions = {
  /** Deterministic id: a job added twice with the same id runs once. */
  jobId: string;
  delayMs?: number;
  /**
   * The caller's open database transaction (the outbox relay's claim). A queue that keeps its
   * jobs in the database (the embedded one) writes the job in it, so the job exists exactly when
   * the transaction commits; BullMQ ignores it.
   */
  transaction?: unknown;
};

export type JobContext<N extends JobName = JobName> = {
  id: string;
  name: N;
  data: JobPayload<N>;
  attempt: number; // 1-based
};

/** Throw this from a handler for a failure that retrying cannot fix. */
export class UnrecoverableJobError extends Error {
  override name = 'UnrecoverableJobError';
}

export type JobHandler<N extends JobName = JobName> = (job: JobContext<N>) => Promise<void>;
export type JobHandlers = { [N in JobName]: JobHandler<N> };

export interface QueueDriver {
  readonly kind: 'inline' | 'bullmq';
  add<N extends JobName>(name: N, data: JobPayload<N>, options: EnqueueOptions): Promise<void>;
  /** Start consuming the given queues with the handlers (the worker side). */
  process(
    handlers: JobHandlers,
    options?: { queues?: readonly QueueName[]; concurrency?: number },
  ): Promise<void>;
  /** Register recurring jobs (idempotent across processes). */
  schedule(job: JobName, everyMs: number): Promise<void>;
  ping(): Promise<boolean>;
  /** Waits for running jobs to finish, then closes connections. */
  close(): Promise<void>;
}

/* ---------------------------------------------------------- queue admin */

/** Jobs of one queue by state, as the administrators' queue screen shows them. */
export type QueueJobCounts = {
  waiting: number;
  active: number;
  delayed: number;
  failed: number;
  completed: number;
};

/** A job that failed for good, with its reason (payloads carry ids only). */
export type FailedJobView = {
  id: string;
  queue: QueueName;
  name: string;
  payload: unknown;
  reason: string | null;
  attempts: number;
  createdAt: Date | null;
  finishedAt: Date | null;
};

/** `done`, or why not: no such job in that queue, or a job in a state the action refuses. */
export type QueueAdminOutcome = 'done' | 'not_found' | 'wrong_state';

/** What the administrators see and do of a queue driver (BullMQ, or the embedded store). */
export interface QueueAdminView {
  counts(): Promise<Record<QueueName, QueueJobCounts>>;
  /** Failed jobs of `queue`, newest first. */
  failedJobs(queue: QueueName, limit: number): Promise<FailedJobView[]>;
  /** A failed job runs again with its attempts reset (any other state: `wrong_state`). */
  retryJob(queue: QueueName, id: string): Promise<QueueAdminOutcome>;
  /** Deletes a job that is not running (a running one: `wrong_state`). */
  removeJob(queue: QueueName, id: string): Promise<QueueAdminOutcome>;
}

/* -------------------------------------------------------------- job store */

export type StoredJobState = 'waiting' | 'running' | 'done' | 'failed';

/** A job the store handed out to run. */
export type ClaimedJob = {
  id: string;
  name: string;
  payload: unknown;
  /** Attempts started so far, this one included. */
  attempt: number;
};

export type NewStoredJob = {
  id: string;
  queue: QueueName;
  name: JobName;
  payload: unknown;
  delayMs: number;
};

/**
 * Where the embedded queue keeps its jobs: the database in the embedded mode (implemented by
 * `@touchline/db`), memory in the drivers' own tests. Due times and leases use the store's clock,
 * so processes sharing one database agree. Updates name the attempt they finish, so a process
 * whose lease ran out cannot overwrite the attempt that replaced it.
 */
export interface JobStore {
  /** Adds a waiting job due after `delayMs`; false when the id exists in any state (dedup). */
  insert(job: NewStoredJob, transaction?: unknown): Promise<boolean>;
  /**
   * Marks up to `limit` due jobs of `queue` running until now + `leaseMs` and counts their
   * attempt, oldest first: waiting jobs whose time has come, and running jobs whose lease ran out
   * (their process died).
   */
  claim(queue: QueueName, limit: number, leaseMs: number): Promise<ClaimedJob[]>;
  /**
   * The queues that have a job `claim` would take now: one cheap read for the poll, so an idle
   * process does not run a claim per queue twice a second.
   */
  dueQueues(): Promise<QueueName[]>;
  /** Running jobs of this process keep their lease. */
  extend(ids: readonly string[], leaseMs: number): Promise<void>;
  complete(id: string, attempt: number): Promise<void>;
  /** Waiting again, due after `delayMs`, with the error recorded. */
  retryLater(id: string, attempt: number, delayMs: number, error: string): Promise<void>;
  /** Failed for good: kept with the reason, for the admins (and `retry`). */
  fail(id: string, attempt: number, error: string): Promise<void>;
  /** A failed job waits again with its attempts reset; false when no failed job has the id. */
  retry(id: string): Promise<boolean>;
  state(id: string): Promise<StoredJobState | null>;
  /** The queue a stored job belongs to; null when no job has the id. */
  queueOf(id: string): Promise<string | null>;
  /** Jobs per queue and state; `waiting` ones not yet due count as `delayed`. */
  counts(): Promise<Record<string, QueueJobCounts>>;
  /** Failed jobs of `queue`, newest first. */
  failed(queue: QueueName, limit: number): Promise<FailedJobView[]>;
  /** Deletes a job that is not running; false when there is none or it is running. */
  remove(id: string): Promise<boolean>;
  /**
   * Called when processing starts. A store only one process can open (PGlite) puts the jobs a
   * killed process left running back to waiting at once; a shared one waits for their leases.
   */
  recover(): Promise<number>;
}

/* -------------------------------------------------------------------- bus */

export type BusHandler = (message: unknown) => void;

/** Cross-process publish/subscribe for realtime delivery. Messages are JSON values. */
export interface BusDriver {
  readonly kind: 'inline' | 'redis';
  publish(channel: string, message: unknown): Promise<void>;
  /**
   * As `publish`, answering how many subscriptions (processes, for Redis) it reached: a publisher
   * that must know everyone handled a message waits for that many acknowledgements.
   */
  publishCounted(channel: string, message: unknown): Promise<number>;
  /** Resolves once the subscription is active; returns the unsubscribe function. */
  subscribe(channel: string, handler: BusHandler): Promise<() => Promise<void>>;
  ping(): Promise<boolean>;
  /**
   * Whether messages published now reach this process's subscriptions: false while the
   * connection is away and until every subscription is active again after it came back. Memory
   * that other processes keep current through the bus (the session cache) is trusted only then.
   */
  delivering(): boolean;
  close(): Promise<void>;
}

/* --------------------------------------------------------------- presence */

/** A change of a user's presence across every instance: online (some socket) or offline (none). */
export type PresenceChange = { userId: string; online: boolean };

/**
 * Who is online: a user is online while any API instance holds a socket of theirs (several tabs,
 * several instances). `connected`/`disconnected` are called once per socket and answer whether
 * that socket made the user go online (their first anywhere) or offline (their last anywhere);
 * changes the driver finds by itself (the users of an instance that died without disconnecting
 * them) reach the `onChange` listeners, each reported by one instance only.
 */
export interface PresenceDriver {
  readonly kind: 'memory' | 'redis';
  /** Starts taking part (heartbeat, sweeping dead instances); API instances call it, workers not. */
  start(): void;
  connected(userId: string): Promise<boolean>;
  disconnected(userId: string): Promise<boolean>;
  /** The ones of `userIds` that are online now. */
  online(userIds: readonly string[]): Promise<Set<string>>;
  onChange(listener: (change: PresenceChange) => void): void;
  /**
   * Stops the heartbeat. The instance's users are left to expire (as if it were killed): those
   * who do not reconnect elsewhere go offline when another instance sweeps them.
   */
  close(): Promise<void>;
}

/* ---------------------------------------------------------------- storage */

export type Visibility = 'public' | 'private';

export type PutObjectInput = {
  key: string;
  body: Buffer | Readable;
  contentType: string;
  visibility: Visibility;
  contentLength?: number;
};

/**
 * Bytes of an object to read, inclusive as in HTTP `Range`: from `start` to `end` (or to the
 * end of the object), or the last `suffix` bytes. An `end` past the object is clipped.
 */
export type ByteRange = { start: number; end?: number } | { suffix: number };

export type StoredObject = {
  body: Readable;
  contentType: string;
  /** Bytes in `body`: the part's length when a range was served. */
  contentLength?: number;
  /** The whole object's length: always known when a range was asked. */
  totalLength?: number;
  /** The inclusive positions `body` holds, when a range was asked and served. */
  range?: { start: number; end: number };
};

/** The range asked for starts past the object's end (HTTP 416); `totalLength` is its size. */
export class RangeNotSatisfiableError extends Error {
  override name = 'RangeNotSatisfiableError';
  constructor(readonly totalLength: number) {
    super(`range not satisfiable (object is ${totalLength} bytes)`);
  }
}

export interface StorageDriver {
  readonly kind: 'local' | 's3';
  put(input: PutObjectInput): Promise<void>;
  /**
   * Null when the object does not exist. With `range`, only those bytes (`range`,
   * `contentLength` and `totalLength` say which); throws `RangeNotSatisfiableError` when the
   * range starts past the end (or the object is empty).
   */
  get(key: string, visibility: Visibility, range?: ByteRange): Promise<StoredObject | null>;
  delete(key: string, visibility: Visibility): Promise<void>;
  /** Public objects: the path under `/media/` the browser loads. */
  publicUrl(key: string): string;
  /** Private objects: a short-lived signed URL. */
  signedUrl(key: string, ttlSeconds: number): Promise<string>;
  /** For the local driver's signed route: true when (key, expires, signature) is valid. */
  verifySignature?(key: string, expires: number, signature: string): boolean;
  close(): Promise<void>;
}

/* ------------------------------------------------------------------- mail */

/** An image shown inside an e-mail's HTML (`<img src="cid:…">`), sent as an inline part. */
export type InlineImage = {
  cid: string;
  filename: string;
  contentType: 'image/png';
  content: Buffer;
};

export type MailMessage = {
  emailId: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Images the HTML shows by `cid:` (a registration's QR code), none by default. */
  inline?: InlineImage[];
};

export interface MailDriver {
  readonly kind: 'devbox' | 'smtp';
  /** Idempotent per emailId for the development mailbox. */
  send(message: MailMessage): Promise<{ messageId: string }>;
  close(): Promise<void>;
}

/** What the development-mailbox driver stores into (implemented by @touchline/db). */
export interface DevMailboxStore {
  deliver(message: MailMessage): Promise<{ id: string }>;
}
