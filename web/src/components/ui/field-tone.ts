/** Focus colour of form controls: the player green or the academy indigo (spec §6). */
export type FieldTone = 'player' | 'academy' | 'admin';

export const FIELD_FOCUS: Record<FieldTone, string> = {
  player: '',
  academy: 'focus:border-academy-600 focus:ring-academy-600/20',
  admin: 'focus:border-slate-700 focus:ring-slate-700/20',
};

export const FIELD_INVALID =
  'border-red-500 focus:border-red-600 focus:ring-red-600/20 aria-[invalid=true]:border-red-500';
