import type { ChatPartyFacts } from './chat.permissions';

/** A party of the pure chat rules' facts, as a receiver carries them. */
export type Party = ChatPartyFacts & { openToWork: boolean; emailVerified: boolean };

let n = 0;
/** An active adult player with the default messaging setting, unless `values` say otherwise. */
export const party = (values: Partial<Party> = {}): Party => ({
  id: `00000000-0000-7000-8000-${String(++n).padStart(12, '0')}`,
  role: 'player',
  isActive: true,
  isMinor: false,
  academyStatus: null,
  messaging: 'friends_and_academies',
  openToWork: false,
  emailVerified: true,
  ...values,
});
export const adult = (values: Partial<Party> = {}) => party(values);
export const minor = (values: Partial<Party> = {}) => party({ isMinor: true, ...values });
export const academy = (values: Partial<Party> = {}) =>
  party({ role: 'academy', academyStatus: 'verified', ...values });
export const admin = () => party({ role: 'admin' });
