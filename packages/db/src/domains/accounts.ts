/**
 * The account's own data (supplement §15): deleting and restoring an account, erasing it, and its
 * data exports (the export's reads are in `account-export.repository`).
 */
export * from '../repositories/account-deletion.repository';
export * from '../repositories/account-erasure.repository';
export * from '../repositories/data-exports.repository';
export * from '../repositories/account-export.repository';
