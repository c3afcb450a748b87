import { describe, expect, it } from 'vitest';
import { formatFee, formatNaira } from './money';

describe('formatNaira', () => {
  it('shows naira with thousands separators and kobo only when present', () => {
    expect(formatNaira(1_250_000)).toBe('₦12,500');
    expect(formatNaira(0)).toBe('₦0');
    expect(formatNaira(99)).toBe('₦0.99');
    expect(formatNaira(1_250_050)).toBe('₦12,500.50');
    expect(formatNaira(123_456_789_00)).toBe('₦123,456,789');
  });

  it('says Free for a zero fee', () => {
    expect(formatFee(0)).toBe('Free');
    expect(formatFee(500_000)).toBe('₦5,000');
  });
});
