import { describe, expect, it } from 'vitest';
import { emailField, emailOnlySchema, isEmailAddress, otpVerifySchema } from './auth';
import { findNulCharacter } from '../text';
import { MESSAGES } from '../messages';

/** `a@` + `a.`×n + `@`: the input that made the old address pattern backtrack quadratically. */
const worstCase = (pairs: number) => `a@${'a.'.repeat(pairs)}@`;

describe('e-mail check', () => {
  it('accepts what the specification pattern accepts and refuses the rest', () => {
    for (const ok of ['a@b.c', 'x.y@sub.domain.ng', 'a@.b.c', 'a@b..c', 'a+b@c.d'])
      expect(isEmailAddress(ok), ok).toBe(true);
    for (const bad of [
      '',
      'a',
      '@b.c',
      'a@',
      'a@b',
      'a@.b',
      'a@b.',
      'a@b@c.d',
      'a b@c.d',
      'a@b .c',
    ])
      expect(isEmailAddress(bad), bad).toBe(false);
  });

  // A pattern that backtracks quadratically would take hours on a million characters: such a
  // regression meets the test's own timeout. No time is measured (speed goals live in the bench).
  it('refuses the worst case at any length', () => {
    for (const pairs of [32_000, 500_000]) {
      const input = worstCase(pairs);
      expect(isEmailAddress(input)).toBe(false);
      const result = emailOnlySchema.safeParse({ email: input });
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((i) => i.message)).toEqual([MESSAGES.emailInvalid]);
      expect(otpVerifySchema.safeParse({ email: input, otp: input }).success).toBe(false);
    }
  });

  it('refuses an oversized address with the address message only', () => {
    const result = emailField.safeParse(`${'a'.repeat(300)}@b.c`);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual([MESSAGES.emailInvalid]);
  });
});

describe('NUL characters', () => {
  it('are found in strings, lists, nested objects and keys', () => {
    expect(findNulCharacter('plain')).toBeNull();
    expect(findNulCharacter({ a: 'x', b: [1, 'y'] })).toBeNull();
    expect(findNulCharacter('a\u0000b')).toBe('body');
    expect(findNulCharacter({ email: 'a\u0000@b.c' })).toBe('email');
    expect(findNulCharacter({ list: ['ok', 'n\u0000'] })).toBe('list[1]');
    expect(findNulCharacter({ outer: { inner: '\u0000' } })).toBe('outer.inner');
    expect(findNulCharacter({ ['k\u0000']: 'v' })).toBe('k\u0000');
  });
});
