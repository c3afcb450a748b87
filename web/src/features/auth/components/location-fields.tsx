import type { UseFormRegisterReturn } from 'react-hook-form';
import type { FieldTone } from '@/components/ui/field-tone';
import { SelectField } from '@/components/ui/select-field';
import { lgaOptions, useLocations } from '@/lib/locations';
import { STATE_OPTIONS } from '../lib/options';

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
 * when the state changes. The state names are always there; the LGA select stays disabled until
 * the states/LGA table has loaded (it starts loading with the form).
 */
export function LocationFields({
  state,
  stateField,
  districtField,
  stateError,
  districtError,
  tone = 'player',
}: LocationFieldsProps) {
  const locations = useLocations();
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
        options={lgaOptions(locations, state)}
        error={districtError}
        disabled={!state || !locations}
        tone={tone}
        {...districtField}
      />
    </>
  );
}
