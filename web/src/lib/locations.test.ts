import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES } from '@touchline/shared';
import { describe, expect, it } from 'vitest';
import { lgaOptions, loadLocations, resolverWithLocations } from './locations';

describe('the lazily loaded states/LGA data', () => {
  it('offers no LGA before a state, only the current one while loading, then the state’s list', async () => {
    expect(lgaOptions(undefined, '', 'Ikeja')).toEqual([]);
    expect(lgaOptions(undefined, 'Lagos', 'Ikeja')).toEqual([{ value: 'Ikeja', label: 'Ikeja' }]);
    expect(lgaOptions(undefined, 'Lagos')).toEqual([]);
    const data = await loadLocations();
    expect(await loadLocations()).toBe(data);
    const lagos = lgaOptions(data, 'Lagos').map((option) => option.value);
    expect(lagos).toContain('Ikeja');
    expect(lagos).not.toContain('Nsukka');
    expect(lgaOptions(data, '', 'Ikeja')).toEqual([]);
  });

  it('validates with the shared schema once the table is in, as the server does', async () => {
    const resolver = resolverWithLocations((data) => zodResolver(data.signupStep2Schema));
    const options = { fields: {}, shouldUseNativeValidation: false } as const;
    const wrong = await resolver(
      { state: 'Kano', district: 'Ikeja', sport: 'football', customSport: '' },
      undefined,
      options,
    );
    expect(wrong.errors.district?.message).toBe(MESSAGES.lgaRequired);
    const right = await resolver(
      { state: 'Lagos', district: 'Ikeja', sport: 'football', customSport: '' },
      undefined,
      options,
    );
    expect(right.errors).toEqual({});
  });
});
