import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box';

describe('secret box', () => {
  const box = createSecretBox('a-drivers-secret-0123456789-0123456789');

  it('seals to an opaque value that only the same key opens', () => {
    const sealed = box.seal('{"code":"482913"}');
    expect(sealed).not.toContain('482913');
    expect(box.seal('{"code":"482913"}')).not.toBe(sealed); // a fresh IV every time
    expect(box.open(sealed)).toBe('{"code":"482913"}');
    expect(() => createSecretBox('another-secret-0123456789-0123456789').open(sealed)).toThrow();
  });

  it('refuses a tampered or malformed value', () => {
    const [v, iv, tag, body] = box.seal('hello').split('.');
    const flipped = body!.startsWith('A') ? `B${body!.slice(1)}` : `A${body!.slice(1)}`;
    expect(() => box.open([v, iv, tag, flipped].join('.'))).toThrow();
    expect(() => box.open('plain text')).toThrow();
  });
});
