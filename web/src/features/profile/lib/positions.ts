import { BASKETBALL_POSITIONS, FOOTBALL_POSITIONS } from '@touchline/shared';

/** Full names of the specification's 25 pitch positions (codes stay what is stored). */
export const FOOTBALL_POSITION_NAMES: Record<string, string> = {
  GK: 'Goalkeeper',
  SW: 'Sweeper',
  RB: 'Right back',
  RCB: 'Right centre-back',
  CB: 'Centre-back',
  LCB: 'Left centre-back',
  LB: 'Left back',
  LWB: 'Left wing-back',
  LDM: 'Left defensive midfielder',
  CDM: 'Defensive midfielder',
  RDM: 'Right defensive midfielder',
  RWB: 'Right wing-back',
  LM: 'Left midfielder',
  LCM: 'Left centre midfielder',
  CM: 'Central midfielder',
  RCM: 'Right centre midfielder',
  RM: 'Right midfielder',
  LW: 'Left winger',
  LAM: 'Left attacking midfielder',
  CAM: 'Attacking midfielder',
  RAM: 'Right attacking midfielder',
  RW: 'Right winger',
  LS: 'Left striker',
  CS: 'Centre striker',
  RS: 'Right striker',
};

export const BASKETBALL_POSITION_NAMES: Record<string, string> = {
  PG: 'Point guard',
  SG: 'Shooting guard',
  SF: 'Small forward',
  PF: 'Power forward',
  C: 'Center',
};

export const FOOTBALL_OPTIONS = FOOTBALL_POSITIONS.map(({ code }) => ({
  value: code,
  label: `${code} — ${FOOTBALL_POSITION_NAMES[code] ?? code}`,
}));

export const BASKETBALL_OPTIONS = BASKETBALL_POSITIONS.map((code) => ({
  value: code,
  label: `${code} — ${BASKETBALL_POSITION_NAMES[code] ?? code}`,
}));

/** 'CM · Central midfielder', or the free text of other sports. */
export function positionLabel(position: string): string {
  const name = FOOTBALL_POSITION_NAMES[position] ?? BASKETBALL_POSITION_NAMES[position];
  return name ? `${position} · ${name}` : position;
}

/** How a position is picked for a sport: the pitch, the five basketball codes, or free text. */
export type PositionKind = 'football' | 'basketball' | 'text';

export function positionKindFor(sport: string | undefined): PositionKind {
  if (sport === 'football') return 'football';
  if (sport === 'basketball') return 'basketball';
  return 'text';
}

export function isFootballCode(position: string | null | undefined): boolean {
  return FOOTBALL_POSITIONS.some((p) => p.code === position);
}
