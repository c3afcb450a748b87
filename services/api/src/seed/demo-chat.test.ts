import { describe, expect, it } from 'vitest';
import { demoChatTimes } from './demo-chat';

describe('the demo conversations', () => {
  it('keep their lines in order, all in the past, whatever the time of day of the seed', () => {
    // Every quarter of an hour of a day that starts a month (days back cross the month boundary).
    const start = Date.parse('2031-03-01T00:00:00Z');
    for (let step = 0; step < 96; step += 1) {
      const now = new Date(start + step * 15 * 60_000);
      const times = demoChatTimes(now);
      expect(times.length).toBeGreaterThan(0);
      for (const lines of times) {
        expect(lines.every((at) => at < now)).toBe(true);
        // The history spans several days.
        expect(now.getTime() - lines[0]!.getTime()).toBeGreaterThan(24 * 3_600_000);
      }
    }
  });
});
