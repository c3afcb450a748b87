import type { Readable } from 'node:stream';
import type { JobName, JobPayload, QueueName } from '@touchline/shared';

/* ------------------------------------------------------------------ queue */

export type EnqueueOptions = {
  /** Deterministic id: a job added twice with the same id runs once. */
  jobId: string;
  delayMs?: number;
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

/* -------------------------------------------------------------------- bus */

export type BusHandler = (message: unknown) => void;

/** Cross-process publish/subscribe for realtime delivery. Messages are JSON values. */
export interface BusDriver {
  readonly kind: 'inline' | 'redis';
  publish(channel: string, message: unknown): Promise<void>;
  /** Resolves once the subscription is active; returns the unsubscribe function. */
  subscribe(channel: string, handler: BusHandler): Promise<() => Promise<void>>;
  ping(): Promise<boolean>;
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

export type StoredObject = {
  body: Readable;
  contentType: string;
  contentLength?: number;
};

export interface StorageDriver {
  readonly kind: 'local' | 's3';
  put(input: PutObjectInput): Promise<void>;
  /** Null when the object does not exist. */
  get(key: string, visibility: Visibility): Promise<StoredObject | null>;
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

export type MailMessage = {
  emailId: string;
  to: string;
  subject: string;
  text: string;
  html: string;
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
