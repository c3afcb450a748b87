/** Administration: the audit record of what administrators did. */
export * from '../repositories/admin-audit.repository';
