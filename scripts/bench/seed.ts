/**
 * The bench's dataset, written with set-based SQL (INSERT … SELECT generate_series) through the
 * real schema: users (academies first, then players), posts, likes (the counters match the
 * rows), nested comments, friendships (both directions), follows, trials with registrations and
 * sessions for the users the bench signs in as. Ids are valid version-7 UUIDs derived from a
 * number (`uid('001', 42)`), so the bench can name any row without reading it back.
 */
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '@touchline/db';
import { QUICK } from './lib';

export type Sizes = {
  users: number;
  academies: number;
  posts: number;
  /** The first `academyPosts` posts are by academies 1…academies-1 (the viewers follow them all). */
  academyPosts: number;
  /** Players signed in to read the feed (each follows every academy and has `viewerFriends`). */
  viewers: number;
  viewerFriends: number;
  /** Players with an open socket in the realtime rows; they all follow the last academy. */
  sockets: number;
  trials: number;
  registrationsPerTrial: number;
  /** Every n-th post has 3 comments and a 3-deep reply chain. */
  commentEvery: number;
};

export const SIZES: Sizes = QUICK
  ? {
      users: 300,
      academies: 10,
      posts: 3_000,
      academyPosts: 1_650,
      viewers: 5,
      viewerFriends: 20,
      sockets: 40,
      trials: 20,
      registrationsPerTrial: 5,
      commentEvery: 10,
    }
  : {
      users: 10_000,
      academies: 100,
      posts: 200_000,
      academyPosts: 110_000,
      viewers: 50,
      viewerFriends: 500,
      sockets: 1_000,
      trials: 500,
      registrationsPerTrial: 20,
      commentEvery: 10,
    };

export const TABLE = {
  users: '001',
  posts: '002',
  comments: '003',
  sessions: '004',
  trials: '005',
  registrations: '006',
} as const;

/** The id of row `n` of a table (the same value the SQL below computes). */
export const uid = (code: string, n: number) =>
  `0190a000-0000-7${code}-8000-${n.toString(16).padStart(12, '0')}`;
const idSql = (code: string, expr: string) =>
  `('0190a000-0000-7${code}-8000-' || lpad(to_hex(${expr}), 12, '0'))::uuid`;

/** Who is who in the dataset (user numbers). */
export function people(s: Sizes = SIZES) {
  const firstPlayer = s.academies + 1;
  const firstSocket = firstPlayer + s.viewers;
  return {
    /** The academy the socket users follow (its new post fans out to them); it has no posts. */
    fanoutAcademy: s.academies,
    viewers: range(firstPlayer, s.viewers),
    sockets: range(firstSocket, s.sockets),
    /** Players with a stored session (the bench signs tokens for them; the fan-out academy has one too). */
    signedIn: range(firstPlayer, s.viewers + s.sockets),
    players: s.users - s.academies,
  };
}
const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);

export async function seed(database: DatabaseHandle, s: Sizes = SIZES) {
  const A = s.academies;
  const PL = s.users - A;
  const P = s.posts;
  const V = s.viewers;
  const who = people(s);
  const sockFrom = who.sockets[0]!;
  const sockTo = who.sockets.at(-1)!;
  /** Only players past the signed-in ones may be minors (registrants must be adults). */
  const minorsFrom = sockTo + 1;
  const likers = Math.floor(s.users / 11);
  const R = s.registrationsPerTrial;
  const exec = (text: string) => database.db.execute(sql.raw(text));
  const steps: [string, string][] = [
    [
      'users',
      `insert into users (id, email, role, username, dob, state, district, sports,
         email_verified_at, is_active, academy_status, created_at, updated_at)
       select ${idSql(TABLE.users, 'n')}, 'bench' || n || '@example.test',
         case when n <= ${A} then 'academy' else 'player' end,
         case when n <= ${A} then 'Bench Academy ' || n else 'Bench Player ' || n end,
         case when n <= ${A} then null
              when n >= ${minorsFrom} and n % 10 = 0 then '2012-03-01'::date
              else '1995-06-15'::date end,
         case when n % 2 = 0 then 'Lagos' else 'Oyo' end, 'Ikeja', '{football}'::text[],
         now(), true, case when n <= ${A} then 'verified' end,
         now() - interval '400 days', now()
       from generate_series(1, ${s.users}) n`,
    ],
    [
      'posts',
      `insert into posts (id, author_id, content, likes_count, comments_count, comments_total,
         created_at, updated_at)
       select ${idSql(TABLE.posts, 'p')},
         ${idSql(TABLE.users, `case when p <= ${s.academyPosts} then ((p - 1) % ${A - 1}) + 1 else ${A + 1} + ((p - 1) % ${PL}) end`)},
         'Training notes ' || p || ': passing drills, finishing, and a small-sided game.',
         (p * 37) % 11,
         case when p % ${s.commentEvery} = 0 then 3 else 0 end,
         case when p % ${s.commentEvery} = 0 then 6 else 0 end,
         now() - make_interval(secs => 1 + ((p::bigint * 7919) % ${P}) * 12),
         now()
       from generate_series(1, ${P}) p`,
    ],
    [
      'likes',
      `insert into post_likes (post_id, user_id, created_at)
       select ${idSql(TABLE.posts, 'p')}, ${idSql(TABLE.users, `k * ${likers} + (p % ${likers}) + 1`)}, now()
       from generate_series(1, ${P}) p cross join lateral generate_series(0, (p * 37) % 11 - 1) k`,
    ],
    [
      'comments',
      `insert into comments (id, post_id, author_id, parent_id, depth, content, created_at)
       select ${idSql(TABLE.comments, 'c.p * 8 + s')}, ${idSql(TABLE.posts, 'c.p')},
         ${idSql(TABLE.users, `${A + 1} + ((c.p * 13 + s) % ${PL})`)},
         case s when 3 then ${idSql(TABLE.comments, 'c.p * 8')}
                when 4 then ${idSql(TABLE.comments, 'c.p * 8 + 3')}
                when 5 then ${idSql(TABLE.comments, 'c.p * 8 + 4')} end,
         case s when 3 then 1 when 4 then 2 when 5 then 3 else 0 end,
         'Good session, keep it up ' || s,
         now() - make_interval(secs => 10 - s)
       from generate_series(${s.commentEvery}, ${P}, ${s.commentEvery}) c(p)
         cross join generate_series(0, 5) s`,
    ],
    [
      'friendships',
      `insert into friendships (user_id, friend_id, created_at)
       select ${idSql(TABLE.users, 'pair.u')}, ${idSql(TABLE.users, 'pair.f')}, now() from (
         select i as a, ${A + 1} + ((i - ${A + 1} + d) % ${PL}) as b
           from generate_series(${A + 1}, ${s.users}) i, generate_series(1, 5) d
         union select v, ${A + 1} + ((v - ${A + 1} + d) % ${PL})
           from generate_series(${A + 1}, ${A + V}) v, generate_series(1, ${s.viewerFriends}) d
       ) x
       cross join lateral (values (x.a, x.b), (x.b, x.a)) pair(u, f)
       where x.a <> x.b
       on conflict do nothing`,
    ],
    [
      'follows',
      `insert into follows (follower_id, academy_id, created_at)
       select ${idSql(TABLE.users, 'f')}, ${idSql(TABLE.users, 'a')}, now() from (
         select i as f, ((i * 7 + k * 13) % ${A - 1}) + 1 as a
           from generate_series(${A + 1}, ${s.users}) i, generate_series(0, 4) k
         union select v, a from generate_series(${A + 1}, ${A + V}) v, generate_series(1, ${A - 1}) a
         union select f, ${who.fanoutAcademy} from generate_series(${sockFrom}, ${sockTo}) f
       ) x`,
    ],
    [
      'trials',
      `insert into trials (id, academy_id, name, sport, state, district, venue, trial_date,
         start_time, deadline, registered_count, created_at, updated_at)
       select ${idSql(TABLE.trials, 't')}, ${idSql(TABLE.users, `((t - 1) % ${A - 1}) + 1`)},
         'Bench Trial ' || t, 'football', 'Lagos', 'Surulere', 'Teslim Balogun Stadium',
         current_date + 30 + t % 60, '09:00', current_date + 20 + t % 60, ${R}, now(), now()
       from generate_series(1, ${s.trials}) t`,
    ],
    [
      'registrations',
      `insert into trial_registrations (id, trial_id, player_id, reference_code, name, dob, phone,
         email, state, district, level, status, created_at, updated_at)
       select ${idSql(TABLE.registrations, `t * ${R} + r`)}, ${idSql(TABLE.trials, 't')},
         ${idSql(TABLE.users, `${A + 1} + ((t * ${R} + r) % ${PL})`)},
         'BENCH-' || t || '-' || r, 'Bench Player', '1995-06-15', '+234803' || lpad((t * ${R} + r)::text, 7, '0'),
         'bench' || (${A + 1} + ((t * ${R} + r) % ${PL})) || '@example.test', 'Lagos', 'Ikeja',
         'district', 'registered', now(), now()
       from generate_series(1, ${s.trials}) t, generate_series(0, ${R - 1}) r`,
    ],
    [
      'sessions',
      `insert into sessions (id, user_id, created_at, last_used_at, expires_at)
       select ${idSql(TABLE.sessions, 'n')}, ${idSql(TABLE.users, 'n')}, now(), now(), now() + interval '30 days'
       from (select generate_series(${who.signedIn[0]!}, ${who.signedIn.at(-1)!}) as n
             union all select ${who.fanoutAcademy}) s`,
    ],
  ];
  const times: string[] = [];
  // One transaction; its foreign-key triggers are skipped (the generated rows reference rows
  // generated before them), which makes the million likes several times faster to load.
  await database.db.transaction(async (tx) => {
    await tx.execute(sql.raw('set local session_replication_role = replica'));
    for (const [name, text] of steps) {
      const started = performance.now();
      await tx.execute(sql.raw(text));
      times.push(`${name} ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
  });
  // VACUUM as well as ANALYZE: a live database's tables have their visibility map set by
  // autovacuum, which a freshly bulk-loaded one lacks until autovacuum gets to it (maybe in the
  // middle of a row): index-only scans (a card's friend count, a like's existence) would read
  // the heap instead.
  const started = performance.now();
  await exec('vacuum analyze');
  times.push(`vacuum analyze ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const [counts] = (await database.db
    .execute(
      sql.raw(`select (select count(*) from users)::int as users, (select count(*) from posts)::int as posts,
      (select count(*) from post_likes)::int as likes, (select count(*) from comments)::int as comments,
      (select count(*) from friendships)::int as friendships, (select count(*) from follows)::int as follows,
      (select count(*) from trials)::int as trials, (select count(*) from trial_registrations)::int as registrations`),
    )
    .then(rowsOf)) as Record<string, number>[];
  return { counts: counts!, times };
}

/** Rows of `db.execute` on either driver (pg answers {rows}, PGlite an array-like result). */
export function rowsOf(result: unknown): Record<string, unknown>[] {
  const r = result as { rows?: Record<string, unknown>[] };
  return r.rows ?? (result as Record<string, unknown>[]);
}
