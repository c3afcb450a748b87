import { SPORTS, STATES } from '@touchline/shared';
import { Search } from 'lucide-react';
import { SelectField } from '@/components/ui/select-field';
import type { TrialFilters as Filters } from '../api/trial-keys';
import { sportLabel } from '../lib/format';

const SPORT_OPTIONS = SPORTS.map((sport) => ({
  value: sport,
  label: sportLabel({ sport, sport_other: null }),
}));
const STATE_OPTIONS = STATES.map((state) => ({ value: state, label: state }));
const PAYMENT_OPTIONS = [
  { value: 'free', label: 'Free' },
  { value: 'paid', label: 'Paid' },
];

/** The list's search box and its Sport / State / Free-Paid filters. */
export function TrialFilters({
  value,
  onChange,
}: {
  value: Filters;
  onChange: (next: Filters) => void;
}) {
  return (
    <div className="card grid gap-3 p-4 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr] lg:items-end">
      <div className="sm:col-span-2 lg:col-span-1">
        <label htmlFor="trial-search" className="field-label">
          Search trials
        </label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
            aria-hidden="true"
          />
          <input
            id="trial-search"
            type="search"
            placeholder="Name, venue or LGA"
            value={value.search}
            maxLength={100}
            onChange={(event) => onChange({ ...value, search: event.target.value })}
            className="field-input pl-9"
          />
        </div>
      </div>
      <SelectField
        label="Sport"
        placeholder="All sports"
        options={SPORT_OPTIONS}
        value={value.sport}
        onChange={(event) => onChange({ ...value, sport: event.target.value as Filters['sport'] })}
      />
      <SelectField
        label="State"
        placeholder="All states"
        options={STATE_OPTIONS}
        value={value.state}
        onChange={(event) => onChange({ ...value, state: event.target.value })}
      />
      <SelectField
        label="Fee"
        placeholder="Free and paid"
        options={PAYMENT_OPTIONS}
        value={value.payment}
        onChange={(event) =>
          onChange({ ...value, payment: event.target.value as Filters['payment'] })
        }
      />
    </div>
  );
}
