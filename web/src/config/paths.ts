import type { Role } from '@touchline/shared';

/** Where each role lands after sign-in and where the brand link points. */
export const ROLE_HOME: Record<Role, string> = {
  player: '/home',
  academy: '/academy/home',
  admin: '/admin/home',
};

/** The login page for the area a path belongs to (spec §4: no role present). */
export function loginPathFor(path: string): string {
  if (isUnder(path, '/academy')) return '/academy/login';
  if (isUnder(path, '/admin')) return '/admin/login';
  return '/';
}

/** Where a signed-in user is sent from a public-only page of the area a path belongs to. */
export function signedInTargetFor(path: string): string {
  if (isUnder(path, '/academy')) return ROLE_HOME.academy;
  if (isUnder(path, '/admin')) return ROLE_HOME.admin;
  return ROLE_HOME.player;
}

export function homeFor(role: Role | null): string {
  return role ? ROLE_HOME[role] : '/';
}

function isUnder(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}
