export const ROLES = ['player', 'academy', 'admin', 'guardian'] as const;
export type Role = (typeof ROLES)[number];
/** Route access as the specification names it: a single role, or `both` (player or academy). */
export type RouteAccess = Role | 'both' | 'public' | 'public-only';
