import { describe, expect, it } from 'vitest';
import { STATE_LGAS, isValidLocation, lgasOf } from './locations';
import { STATES } from './states';

describe('Nigerian states and LGAs', () => {
  it('has the 36 states plus FCT, spelled correctly', () => {
    expect(STATES).toHaveLength(37);
    expect([...STATES].sort()).toEqual(
      [
        'Abia',
        'Adamawa',
        'Akwa Ibom',
        'Anambra',
        'Bauchi',
        'Bayelsa',
        'Benue',
        'Borno',
        'Cross River',
        'Delta',
        'Ebonyi',
        'Edo',
        'Ekiti',
        'Enugu',
        'Federal Capital Territory',
        'Gombe',
        'Imo',
        'Jigawa',
        'Kaduna',
        'Kano',
        'Katsina',
        'Kebbi',
        'Kogi',
        'Kwara',
        'Lagos',
        'Nasarawa',
        'Niger',
        'Ogun',
        'Ondo',
        'Osun',
        'Oyo',
        'Plateau',
        'Rivers',
        'Sokoto',
        'Taraba',
        'Yobe',
        'Zamfara',
      ].sort(),
    );
  });

  it('lists the states in the order of the LGA table', () => {
    expect(STATES).toEqual(Object.keys(STATE_LGAS));
  });

  it('has 774 local government areas in all, 25 in Delta and 44 in Kano', () => {
    const total = Object.values(STATE_LGAS).reduce((sum, lgas) => sum + lgas.length, 0);
    expect(total).toBe(774);
    expect(lgasOf('Delta')).toHaveLength(25);
    expect(lgasOf('Kano')).toHaveLength(44);
  });

  it('accepts an LGA only inside its own state', () => {
    expect(isValidLocation('Lagos', 'Ikeja')).toBe(true);
    expect(isValidLocation('Kano', 'Ikeja')).toBe(false);
    expect(isValidLocation('Nowhere', 'Ikeja')).toBe(false);
  });
});
