import type { LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import {
  insertFollow,
  insertFriendship,
  insertPost,
  insertUser,
  schema,
  type UserRow,
} from '@touchline/db';
import { todayInLagos, yearsBefore, type Role } from '@touchline/shared';
import type { TestApp } from '../../testing/test-app';
import { multipart, type FilePart } from '../profiles/profiles.test-support';

export { fetchMedia, jpegWithGps, png } from '../profiles/profiles.test-support';

let n = 0;

/** A date of birth making the person `years` old (a few weeks past the birthday) in Lagos. */
export const dobForAge = (years: number) => {
  const d = new Date(`${yearsBefore(todayInLagos(), years)}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 20);
  return d.toISOString().slice(0, 10);
};

export type Person = UserRow & { call: Caller; headers: Record<string, string> };
type Caller = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) => Promise<LightMyRequestResponse>;

/** A verified, signed-in account (an adult Lagos footballer unless told otherwise). */
export async function person(
  t: TestApp,
  values: {
    role?: Role;
    username?: string;
    dob?: string | null;
    state?: string | null;
    sports?: string[];
  } = {},
): Promise<Person> {
  const role = values.role ?? 'player';
  const user = await insertUser(t.db, {
    email: `poster${++n}-${Date.now()}@example.test`,
    role,
    username: values.username ?? `Poster ${n}`,
    emailVerifiedAt: new Date(),
    academyStatus: role === 'academy' ? 'verified' : null,
    dob: values.dob === undefined ? (role === 'player' ? dobForAge(25) : null) : values.dob,
    state: values.state === undefined ? 'Lagos' : values.state,
    sports: values.sports ?? ['football'],
  });
  const { headers } = await t.signIn(user);
  const call: Caller = (method, url, payload) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  return { ...user, call, headers };
}

export const befriend = (t: TestApp, a: UserRow, b: UserRow) => insertFriendship(t.db, a.id, b.id);
export const follow = (t: TestApp, player: UserRow, academy: UserRow) =>
  insertFollow(t.db, player.id, academy.id);
export const block = (t: TestApp, blocker: UserRow, blocked: UserRow) =>
  t.db.insert(schema.blocks).values({ blockerId: blocker.id, blockedId: blocked.id });
export const deactivate = (t: TestApp, user: UserRow) =>
  t.db.update(schema.users).set({ isActive: false }).where(eq(schema.users.id, user.id));

/** Publishes a text post (JSON) and answers its id. */
export async function post(who: Person, content: string): Promise<string> {
  const res = await who.call('POST', '/api/post', { content });
  if (res.statusCode !== 201) throw new Error(`post failed: ${res.statusCode} ${res.body}`);
  return res.json().id;
}

/**
 * Stores text posts directly (many at once, past the per-user rate limit), `hoursAgo[i]` hours
 * old; answers their ids in the same order.
 */
export async function seedPosts(t: TestApp, author: UserRow, hoursAgo: number[]) {
  const ids: string[] = [];
  for (const [i, hours] of hoursAgo.entries()) {
    const { id } = await insertPost(t.db, {
      authorId: author.id,
      content: `${author.username} #${i}`,
      mediaId: null,
      mediaKind: null,
    });
    await backdate(t, id, hours);
    ids.push(id);
  }
  return ids;
}

/** Moves a post back in time (feed order and the popular window are by creation time). */
export async function backdate(t: TestApp, postId: string, hoursAgo: number) {
  await t.db
    .update(schema.posts)
    .set({ createdAt: new Date(Date.now() - hoursAgo * 3600_000) })
    .where(eq(schema.posts.id, postId));
}

/** `POST /api/post` as a multipart form with any number of file parts. */
export function upload(
  t: TestApp,
  who: Person,
  fields: Record<string, string>,
  ...files: FilePart[]
) {
  const form = multipart(fields, files);
  return t.app.inject({
    method: 'POST',
    url: '/api/post',
    headers: { ...who.headers, ...form.headers },
    payload: form.payload,
  });
}

const padding = Buffer.alloc(4096, 0);

/** The start of an MP4 file: an `ftyp` box with the mp42 brand. */
export const fakeMp4 = () =>
  Buffer.concat([Buffer.from('\0\0\0\x18ftypmp42\0\0\0\0mp42isom', 'latin1'), padding]);

/** A QuickTime movie (`ftyp` brand `qt  `): a video, but not one the product accepts. */
export const fakeQuicktime = () =>
  Buffer.concat([Buffer.from('\0\0\0\x14ftypqt  \0\0\0\0qt  ', 'latin1'), padding]);

/** The start of a WebM file: an EBML header whose DocType is `webm`. */
export function fakeWebm() {
  const body = Buffer.from([
    ...[0x42, 0x86, 0x81, 0x01], // EBMLVersion 1
    ...[0x42, 0xf7, 0x81, 0x01], // EBMLReadVersion 1
    ...[0x42, 0xf2, 0x81, 0x04], // EBMLMaxIDLength 4
    ...[0x42, 0xf3, 0x81, 0x08], // EBMLMaxSizeLength 8
    ...[0x42, 0x82, 0x84, ...Buffer.from('webm')], // DocType 'webm'
    ...[0x42, 0x87, 0x81, 0x04], // DocTypeVersion 4
    ...[0x42, 0x85, 0x81, 0x02], // DocTypeReadVersion 2
  ]);
  return Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | body.length]), body, padding]);
}

/** True when an EXIF block (as sharp's metadata answers it) has a GPS IFD in IFD0. */
export function exifHasGps(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  const tiff = exif.subarray(exif.indexOf('Exif\0\0') === 0 ? 6 : 0);
  const little = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (o: number) => (little ? tiff.readUInt16LE(o) : tiff.readUInt16BE(o));
  const u32 = (o: number) => (little ? tiff.readUInt32LE(o) : tiff.readUInt32BE(o));
  const ifd0 = u32(4);
  const entries = u16(ifd0);
  for (let i = 0; i < entries; i++) {
    if (u16(ifd0 + 2 + i * 12) === 0x8825) return true; // GPSInfo pointer
  }
  return false;
}
