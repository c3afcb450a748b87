/** The colour family of an authentication screen: players green, academies indigo (spec §6). */
export type AuthTone = 'player' | 'academy' | 'admin';

/** Link colour per tone. */
export const LINK_CLASS: Record<AuthTone, string> = {
  player: 'font-semibold text-brand-700 hover:text-brand-800 hover:underline',
  academy: 'font-semibold text-academy-700 hover:text-academy-800 hover:underline',
  admin: 'font-semibold text-slate-900 hover:underline',
};
