import type { Sport } from '@touchline/shared';
import { SPORTS, STATES } from '@touchline/shared';
import type { SelectOption } from '@/components/ui/select-field';

const SPORT_LABELS: Record<Sport, string> = {
  football: 'Football',
  basketball: 'Basketball',
  other: 'Other',
};

export const SPORT_OPTIONS: readonly SelectOption[] = SPORTS.map((sport) => ({
  value: sport,
  label: SPORT_LABELS[sport],
}));

export const STATE_OPTIONS: readonly SelectOption[] = STATES.map((state) => ({
  value: state,
  label: state,
}));
