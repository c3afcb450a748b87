export const SPORTS = ['football', 'basketball', 'other'] as const;
export type Sport = (typeof SPORTS)[number];

/** The specification's 25 pitch positions, each with its spot on the 540×360 pitch picture. */
export const PITCH = { width: 540, height: 360 } as const;
export const FOOTBALL_POSITIONS = [
  { code: 'GK', x: 30, y: 180 },
  { code: 'SW', x: 80, y: 180 },
  { code: 'RB', x: 130, y: 320 },
  { code: 'RCB', x: 120, y: 240 },
  { code: 'CB', x: 120, y: 180 },
  { code: 'LCB', x: 120, y: 120 },
  { code: 'LB', x: 130, y: 40 },
  { code: 'LWB', x: 200, y: 40 },
  { code: 'LDM', x: 200, y: 120 },
  { code: 'CDM', x: 200, y: 180 },
  { code: 'RDM', x: 200, y: 240 },
  { code: 'RWB', x: 200, y: 320 },
  { code: 'LM', x: 280, y: 40 },
  { code: 'LCM', x: 280, y: 120 },
  { code: 'CM', x: 280, y: 180 },
  { code: 'RCM', x: 280, y: 240 },
  { code: 'RM', x: 280, y: 320 },
  { code: 'LW', x: 400, y: 50 },
  { code: 'LAM', x: 360, y: 120 },
  { code: 'CAM', x: 360, y: 180 },
  { code: 'RAM', x: 360, y: 240 },
  { code: 'RW', x: 400, y: 310 },
  { code: 'LS', x: 470, y: 120 },
  { code: 'CS', x: 480, y: 180 },
  { code: 'RS', x: 470, y: 240 },
] as const;
export type FootballPosition = (typeof FOOTBALL_POSITIONS)[number]['code'];
export const BASKETBALL_POSITIONS = ['PG', 'SG', 'SF', 'PF', 'C'] as const;
