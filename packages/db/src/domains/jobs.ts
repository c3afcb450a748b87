/** The embedded (in-process) queue's jobs: the database is the queue when there is no Redis. */
export * from '../repositories/embedded-jobs.repository';
