import type { CommentView } from '@touchline/shared';

/**
 * Pure edits of a post's comment tree (spec §4): a top-level comment is appended, a reply goes
 * under its parent at any depth, a deleted comment leaves with its replies.
 */
export function addToTree(comments: readonly CommentView[], comment: CommentView): CommentView[] {
  if (comment.parent === null) return [...comments, comment];
  return comments.map((node) => insertUnder(node, comment));
}

function insertUnder(node: CommentView, reply: CommentView): CommentView {
  if (node.id === reply.parent) return { ...node, replies: [...node.replies, reply] };
  if (node.replies.length === 0) return node;
  const replies = node.replies.map((child) => insertUnder(child, reply));
  return replies.some((child, index) => child !== node.replies[index])
    ? { ...node, replies }
    : node;
}

export function removeFromTree(comments: readonly CommentView[], id: string): CommentView[] {
  return comments
    .filter((node) => node.id !== id)
    .map((node) =>
      node.replies.length === 0 ? node : { ...node, replies: removeFromTree(node.replies, id) },
    );
}

export function findInTree(comments: readonly CommentView[], id: string): CommentView | null {
  for (const node of comments) {
    if (node.id === id) return node;
    const inside = findInTree(node.replies, id);
    if (inside) return inside;
  }
  return null;
}

/**
 * A further page of the thread (`GET /api/comments/{postId}`) joins the tree: top-level comments
 * are appended, a reply continuing a thread the last page cut goes under its parent, and a
 * comment already in the tree (added here meanwhile) is not repeated.
 */
export function mergePage(
  comments: readonly CommentView[],
  page: readonly CommentView[],
): CommentView[] {
  return page.reduce<CommentView[]>(
    (tree, comment) => (findInTree(tree, comment.id) ? tree : addToTree(tree, comment)),
    [...comments],
  );
}
