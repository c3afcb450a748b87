import type { Role } from '@touchline/shared';
import { chatLink, postLink, profileLink } from '@touchline/shared';

/** Where each role lands after sign-in and where the brand link points. */
export const ROLE_HOME: Record<Role, string> = {
  player: '/home',
  academy: '/academy/home',
  admin: '/admin/home',
  guardian: '/guardian/home',
};

/** The login page for the area a path belongs to (spec §4: no role present). */
export function loginPathFor(path: string): string {
  if (isUnder(path, '/academy')) return '/academy/login';
  if (isUnder(path, '/admin')) return '/admin/login';
  if (isUnder(path, '/guardian')) return '/guardian/login';
  return '/';
}

/** Where a signed-in user is sent from a public-only page of the area a path belongs to. */
export function signedInTargetFor(path: string): string {
  if (isUnder(path, '/academy')) return ROLE_HOME.academy;
  if (isUnder(path, '/admin')) return ROLE_HOME.admin;
  if (isUnder(path, '/guardian')) return ROLE_HOME.guardian;
  return ROLE_HOME.player;
}

export function homeFor(role: Role | null): string {
  return role ? ROLE_HOME[role] : '/';
}

function isUnder(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

/* ----------------------------------------------------------------- link builders */

/** Where the authentication screens send people. */
export const AUTH_PATHS = {
  playerLogin: '/',
  academyLogin: '/academy/login',
  adminLogin: '/admin/login',
  signup: '/signup',
  academySignup: '/academy/signup',
  otp: '/otp_verification',
  forgotPassword: '/forget_password',
  resetPassword: '/reset_password',
  welcome: '/welcome',
} as const;

/**
 * The code screen for an address. `academy` is the hint that the account is an academy's, so
 * that a verified academy lands on the academy login.
 */
export function otpPathFor(email: string, academy: boolean): string {
  const query = new URLSearchParams({ email });
  if (academy) query.set('academy', '1');
  return `${AUTH_PATHS.otp}?${query.toString()}`;
}

export function loginPathForArea(academy: boolean): string {
  return academy ? AUTH_PATHS.academyLogin : AUTH_PATHS.playerLogin;
}

/** Spec §2: /academy/profile/{id} for academies, /profile/{id} for everyone else. */
export const profilePath = (userId: string, role: string) => profileLink(userId, role);

/** An author link (posts and comments mark academies with `is_academy`). */
export function authorPath(author: { user_id: string; is_academy: boolean }): string {
  return profilePath(author.user_id, author.is_academy ? 'academy' : 'player');
}

/** Spec §2: the post detail link (the same the server puts in notifications). */
export const postPath = (postId: string) => postLink(postId);

/** What 'copy link' puts on the clipboard. */
export function postUrl(postId: string, origin: string = window.location.origin): string {
  return `${origin}${postPath(postId)}`;
}

/** Someone's posts, achievements and experience pages (the caller's own without an id). */
export const userPostsPath = (userId?: string) =>
  userId ? `/view_posts/${userId}` : '/view_posts';
export const achievementsPath = (userId?: string) =>
  userId ? `/view_achievements?user_id=${encodeURIComponent(userId)}` : '/view_achievements';
export const experiencePath = (userId?: string) =>
  userId ? `/view_experience?user_id=${encodeURIComponent(userId)}` : '/view_experience';

export const SEARCH_PATH = '/search';
export const searchPath = (q: string) => `${SEARCH_PATH}?q=${encodeURIComponent(q)}`;

/** Where a search suggestion or result leads (spec §2 player, academy and trial links). */
export function searchResultPath(item: { id: string; type: 'Player' | 'Academy' | 'Trial' }) {
  if (item.type === 'Player') return profilePath(item.id, 'player');
  if (item.type === 'Academy') return profilePath(item.id, 'academy');
  return `/trial_details/${item.id}`;
}

/* ------------------------------------------------------------------ trials (player) */

/** Spec §2 player trial pages, the payment outcome pages and the sandbox checkout (supplement §12). */
export const TRIAL_PATHS = {
  list: '/list_trials',
  history: '/trial_history',
  paymentSuccess: '/payment_success',
  paymentFailed: '/payment_failed',
} as const;

export const trialPath = (trialId: string) => `/trial_details/${trialId}`;
export const registerTrialPath = (trialId: string) => `/register_trial/${trialId}`;
export const sandboxCheckoutPath = (reference: string) =>
  `/sandbox/checkout/${encodeURIComponent(reference)}`;

/* ------------------------------------------------------------------------- chat */

/** Messages (supplement §7): the conversation list, and one conversation by its thread name. */
export const CHAT_PATH = '/chat';
export const chatPath = (threadName: string) => chatLink(threadName);

/**
 * An administrator's Messages (supplement §7: "an administrator and anyone"), inside the admin
 * area: `/chat/…` is a player and academy page (an administrator there gets /unauthenticated).
 */
export const ADMIN_CHAT_PATH = '/admin/chat';
export const adminChatPath = (threadName: string) => `${ADMIN_CHAT_PATH}/${threadName}`;

/**
 * A notification's link as this role opens it: the server stores one link per notification
 * (`/chat/<thread>` for a new message); an administrator's conversations live under
 * `/admin/chat/`. Every other link is unchanged.
 */
export function linkForRole(link: string, role: string | null | undefined): string {
  if (role === 'admin' && link.startsWith(`${CHAT_PATH}/`)) {
    return adminChatPath(link.slice(CHAT_PATH.length + 1));
  }
  return link;
}
