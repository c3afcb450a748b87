/** Payment attempts, raw provider events and the sandbox provider's charges. */
export * from '../repositories/payments.repository';
export * from '../repositories/sandbox-charge-store';
