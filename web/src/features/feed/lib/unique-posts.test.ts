import { describe, expect, it } from 'vitest';
import { makePost } from '../testing/fixtures';
import { indexInPage, uniquePosts } from './unique-posts';

describe('feed pages', () => {
  const pages = [
    { posts: [makePost({ id: 'a' }), makePost({ id: 'b' })] },
    { posts: [makePost({ id: 'b' }), makePost({ id: 'c' })] },
  ];

  it('keeps each post once, in order', () => {
    expect(uniquePosts(pages).map((p) => p.id)).toEqual(['a', 'b', 'c']);
  });

  it('gives each post its place within the page it first came in', () => {
    expect([...indexInPage(pages)]).toEqual([
      ['a', 0],
      ['b', 1],
      ['c', 1],
    ]);
  });
});
