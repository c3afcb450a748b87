import type { UseFormRegisterReturn } from 'react-hook-form';
import type { FieldTone } from '@/components/ui/field-tone';
import { SelectField } from '@/components/ui/select-field';
import { STATE_OPTIONS, lgaOptions } from '../lib/options';

type LocationFieldsProps = {
  /** The chosen state (watched), which fills the LGA list. */
  state: string;
  stateField: UseFormRegisterReturn;
  districtField: UseFormRegisterReturn;
  stateError?: string;
  districtError?: string;
  tone?: FieldTone;
};

/**
 * State, then the LGA ('district') list of that state (spec §2). The caller clears the district
 * when the state changes.
 */
export function LocationFields({
  state,
  stateField,
  districtField,
  stateError,
  districtError,
  tone = 'player',
}: LocationFieldsProps) {
  return (
    <>
      <SelectField
        label="State"
        placeholder="Select your state"
        options={STATE_OPTIONS}
        error={stateError}
        tone={tone}
        {...stateField}
      />
      <SelectField
        label="LGA"
        placeholder={state ? 'Select your LGA' : 'Select a state first'}
        options={lgaOptions(state)}
        error={districtError}
        disabled={!state}
        tone={tone}
        {...districtField}
      />
    </>
  );
}
