/** The transactional outbox (domain events written with their change) and its wake-ups at commit. */
export * from '../repositories/outbox.repository';
export * from '../outbox-wakeups';
