import { describe, expect, it } from 'vitest';
import { formatLagosMoment, todayInLagos } from './dates';

describe('Lagos dates and moments', () => {
  it("today is Lagos's date, an hour ahead of UTC", () => {
    expect(todayInLagos(new Date('2026-12-11T22:59:00Z'))).toBe('2026-12-11');
    expect(todayInLagos(new Date('2026-12-11T23:00:00Z'))).toBe('2026-12-12');
  });

  it('the day turns at the minute it starts, asked in any order', () => {
    const days = [
      '2026-12-11T22:59:59.999Z',
      '2026-12-11T23:00:00.000Z',
      '2026-12-11T22:59:30.000Z',
      '2026-12-11T23:00:59.999Z',
      '2027-01-01T10:00:00.000Z',
    ].map((at) => todayInLagos(new Date(at)));
    expect(days).toEqual(['2026-12-11', '2026-12-12', '2026-12-11', '2026-12-12', '2027-01-01']);
  });

  it('a moment reads as Lagos time, whatever the server’s zone', () => {
    expect(formatLagosMoment(new Date('2026-12-12T13:30:00Z'))).toBe('Sat 12 Dec, 14:30');
    expect(formatLagosMoment(new Date('2026-12-12T23:15:00Z'))).toBe('Sun 13 Dec, 00:15');
  });
});
