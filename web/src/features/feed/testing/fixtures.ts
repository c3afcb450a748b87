import type { CommentView, HomeResponse, PostView } from '@touchline/shared';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

export function makePost(over: Partial<PostView> = {}): PostView {
  return {
    id: 'p1',
    user_id: 'kemi-1',
    user: 'Kemi Adeyemi',
    username: 'Kemi Adeyemi',
    bio: 'Winger who loves to take on defenders.',
    profile_photo: '/default-avatar.svg',
    created_at: minutesAgo(5),
    content: 'Morning session done.',
    image: null,
    video: null,
    video_poster: null,
    likes_count: 4,
    is_liked_by_current_user: false,
    is_own_post: false,
    is_academy: false,
    comments: [],
    comments_count: 0,
    comments_next: null,
    edited: false,
    can_comment: true,
    ...over,
  };
}

export function makeComment(over: Partial<CommentView> = {}): CommentView {
  return {
    id: 'c1',
    user: 'Tunde Bakare',
    user_id: 'player-1',
    content: 'Nice one!',
    profile_photo: '',
    is_academy: false,
    parent: null,
    replies: [],
    created_at: minutesAgo(2),
    depth: 0,
    ...over,
  };
}

/** `count` top-level comments c1…cN by Amaka. */
export function topLevel(count: number): CommentView[] {
  return Array.from({ length: count }, (_, index) =>
    makeComment({
      id: `c${index + 1}`,
      user: 'Amaka Obi',
      user_id: 'amaka-1',
      content: `Comment number ${index + 1}`,
    }),
  );
}

/** One comment with replies nested `depth` levels below it: ids d0 (top) … d{depth}. */
export function chain(depth: number): CommentView {
  let node: CommentView | null = null;
  for (let level = depth; level >= 0; level -= 1) {
    node = makeComment({
      id: `d${level}`,
      user: `Author ${level}`,
      user_id: `author-${level}`,
      content: `Reply at depth ${level}`,
      parent: level === 0 ? null : `d${level - 1}`,
      depth: level,
      replies: node ? [node] : [],
    });
  }
  return node!;
}

export function homePage(over: Partial<HomeResponse> = {}): HomeResponse {
  return {
    posts: [makePost()],
    has_more: false,
    page: 1,
    next: null,
    user: {
      user_id: 'player-1',
      username: 'Tunde Bakare',
      role: 'player',
      bio: 'Box-to-box midfielder from Ikeja.',
      profile_photo: null,
      open_to_work: true,
      friends_count: 12,
      followers_count: 0,
      post_count: 7,
      achievements_count: 2,
    },
    trials: [],
    academies: [],
    ...over,
  };
}
