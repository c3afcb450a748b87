export const ROLES = ['player', 'academy', 'admin', 'guardian'] as const;
export type Role = (typeof ROLES)[number];
/** Route access as the specification names it: a single role, or `both` (player or academy). */
/** `payer`: a player or a guardian (who pays a child's trial, decision 42). */
export type RouteAccess = Role | 'both' | 'payer' | 'public' | 'public-only';
