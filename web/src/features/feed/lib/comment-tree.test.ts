import { describe, expect, it } from 'vitest';
import { chain, makeComment } from '../testing/fixtures';
import { addToTree, findInTree, mergePage, removeFromTree } from './comment-tree';

describe('comment tree', () => {
  it('appends a top-level comment at the end', () => {
    const tree = [makeComment({ id: 'a' })];
    expect(addToTree(tree, makeComment({ id: 'b' })).map((c) => c.id)).toEqual(['a', 'b']);
  });

  it('puts a reply under its parent at any depth, leaving other branches untouched', () => {
    const other = makeComment({ id: 'x' });
    const tree = [chain(4), other];
    const next = addToTree(tree, makeComment({ id: 'r', parent: 'd4', depth: 5 }));
    expect(findInTree(next, 'd4')?.replies.map((c) => c.id)).toEqual(['r']);
    expect(next[1]).toBe(other);
  });

  it('removes a comment with its replies', () => {
    const next = removeFromTree([chain(3)], 'd1');
    expect(findInTree(next, 'd1')).toBeNull();
    expect(findInTree(next, 'd3')).toBeNull();
    expect(findInTree(next, 'd0')?.replies).toEqual([]);
  });

  it('merges a further page: a thread’s continuation under its parent, new threads after, no repeats', () => {
    const tree = [chain(1), makeComment({ id: 'mine' })];
    const page = [
      makeComment({ id: 'd2', parent: 'd1', depth: 2 }),
      makeComment({ id: 'mine' }),
      makeComment({ id: 'later', replies: [makeComment({ id: 'later.r', parent: 'later' })] }),
    ];
    const next = mergePage(tree, page);
    expect(next.map((c) => c.id)).toEqual(['d0', 'mine', 'later']);
    expect(findInTree(next, 'd1')?.replies.map((c) => c.id)).toEqual(['d2']);
    expect(findInTree(next, 'later.r')).not.toBeNull();
  });
});
