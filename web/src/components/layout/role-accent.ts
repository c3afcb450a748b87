/**
 * The accent of a signed-in area (spec §6): academies indigo, players the green brand colour.
 * Full class names only, so Tailwind finds them.
 */
export type AccentRole = 'player' | 'academy';

export type Accent = {
  /** `data-accent` value of the frame, for styles and tests. */
  name: AccentRole;
  /** Text of an active link or tab. */
  activeText: string;
  /** Background behind an active link or a soft highlight. */
  softBg: string;
  /** A solid strip or dot (active indicator). */
  solid: string;
  /** Button class from styles.css. */
  button: string;
  /** Focus rings of everything inside the frame. */
  focus: string;
  /** Hover text on neutral links. */
  hoverText: string;
  /** Banner gradient. */
  gradient: string;
  /** Icon tile: soft background plus strong text. */
  tile: string;
};

export const ACCENTS: Record<AccentRole, Accent> = {
  player: {
    name: 'player',
    activeText: 'text-brand-700',
    softBg: 'bg-brand-50',
    solid: 'bg-brand-600',
    button: 'btn-player',
    focus: '[&_:focus-visible]:outline-brand-600',
    hoverText: 'hover:text-brand-700',
    gradient: 'from-brand-600 via-brand-700 to-brand-900',
    tile: 'bg-brand-50 text-brand-700 ring-brand-100',
  },
  academy: {
    name: 'academy',
    activeText: 'text-academy-700',
    softBg: 'bg-academy-50',
    solid: 'bg-academy-600',
    button: 'btn-academy',
    focus: '[&_:focus-visible]:outline-academy-600',
    hoverText: 'hover:text-academy-700',
    gradient: 'from-academy-600 via-academy-700 to-academy-800',
    tile: 'bg-academy-50 text-academy-700 ring-academy-100',
  },
};

export function accentFor(role: string | null | undefined): Accent {
  return role === 'academy' ? ACCENTS.academy : ACCENTS.player;
}
