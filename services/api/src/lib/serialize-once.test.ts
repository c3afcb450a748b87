import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serializeFrozenOnce } from './serialize-once';

const schema = z.object({ name: z.string(), tags: z.array(z.string()) });
const compile = () => serializeFrozenOnce({ schema, method: 'GET', url: '/x', httpStatus: '200' });

describe('the serializer that remembers frozen answers', () => {
  it('answers the same JSON as the zod serializer, stripping what the schema does not name', () => {
    const serialize = compile();
    const answer = Object.freeze({ name: 'Ada', tags: Object.freeze(['a']), secret: 'x' });
    expect(serialize(answer)).toBe('{"name":"Ada","tags":["a"]}');
    expect(serialize(answer)).toBe('{"name":"Ada","tags":["a"]}');
  });

  it('serializes an object that is not frozen every time, so a change shows', () => {
    const serialize = compile();
    const answer = { name: 'Ada', tags: ['a'] };
    expect(serialize(answer)).toBe('{"name":"Ada","tags":["a"]}');
    answer.name = 'Bola';
    expect(serialize(answer)).toBe('{"name":"Bola","tags":["a"]}');
  });

  it('still refuses an answer that breaks the schema', () => {
    const serialize = compile();
    expect(() => serialize(Object.freeze({ name: 1, tags: [] }))).toThrow();
  });
});
