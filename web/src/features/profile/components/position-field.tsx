import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { BASKETBALL_OPTIONS, positionKindFor } from '../lib/positions';
import { PitchPicker } from './pitch-picker';

type PositionFieldProps = {
  /** The sport the position belongs to (football → pitch, basketball → list, else text). */
  sport: string | undefined;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  tone?: 'player' | 'academy';
};

/** The position control that fits the sport (supplement §0). */
export function PositionField({ sport, value, onChange, error, tone }: PositionFieldProps) {
  const kind = positionKindFor(sport);
  if (kind === 'football')
    return <PitchPicker value={value} onChange={onChange} error={error} tone={tone} />;
  if (kind === 'basketball')
    return (
      <SelectField
        label="Position"
        options={BASKETBALL_OPTIONS}
        placeholder="No position"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        error={error}
        tone={tone}
      />
    );
  return (
    <TextField
      label="Position"
      value={value}
      maxLength={40}
      placeholder="e.g. Sprinter, Setter"
      onChange={(event) => onChange(event.target.value)}
      error={error}
      tone={tone}
    />
  );
}
