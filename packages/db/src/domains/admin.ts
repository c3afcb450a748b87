/** Administration: the audit record of what administrators did, and the administrators' reads. */
export * from '../repositories/admin-audit.repository';
export * from '../repositories/admin-academies.repository';
export * from '../repositories/admin-players.repository';
export * from '../repositories/admin-trials.repository';
export * from '../repositories/admin-takings.repository';
export * from '../repositories/admin-stats.repository';
export type { AdminListPosition } from '../repositories/admin-paging';
export * from '../repositories/admin-reports.repository';
export * from '../repositories/admin-queues.repository';
