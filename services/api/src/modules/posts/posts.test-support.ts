import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { schema } from '@touchline/db';
import { insertPost } from '@touchline/db/posts';
import { insertFollow, insertFriendship } from '@touchline/db/social';
import type { UserRow } from '@touchline/db/users';
import { todayInLagos, yearsBefore } from '@touchline/shared';
import type { TestApp, TestUser, TestUserInput } from '../../testing/test-app';
import { ffmpegPath } from '../media/media.ffmpeg';
import { multipart, type FilePart } from '../profiles/profiles.test-support';

export { fetchMedia, jpegWithGps, png } from '../profiles/profiles.test-support';

/** A date of birth making the person `years` old (a few weeks past the birthday) in Lagos. */
export const dobForAge = (years: number) => {
  const d = new Date(`${yearsBefore(todayInLagos(), years)}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 20);
  return d.toISOString().slice(0, 10);
};

export type Person = TestUser;

/** A signed-in account in the feed's usual neighbourhood: a Lagos footballer unless told otherwise. */
export const person = (t: TestApp, values: TestUserInput = {}): Promise<Person> =>
  t.createUser({ state: 'Lagos', sports: ['football'], ...values });

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

const run = promisify(execFile);
/** Where a phone would say the clip was filmed (Lagos Island, ISO 6709). */
export const CLIP_LOCATION = '+06.4541+003.3947/';

const CLIP_ENCODERS = {
  // `use_metadata_tags` writes every tag, as phones' own keys (Apple's location key) are.
  mp4: {
    video: ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
    audio: ['-c:a', 'aac'],
    muxer: ['-movflags', 'use_metadata_tags'],
  },
  webm: { video: ['-c:v', 'libvpx', '-b:v', '200k'], audio: ['-c:a', 'libopus'], muxer: [] },
};

/**
 * Runs the bundled ffmpeg with scratch files: `input` (when given) is written to the first, and
 * ffmpeg may write the second. Answers its standard output and the written file, if any.
 */
async function ffmpegScratch(
  input: Buffer | null,
  args: (inFile: string, outFile: string) => string[],
  ext = 'bin',
): Promise<{ stdout: string; output: Buffer | null }> {
  const [inFile, outFile] = ['in', 'out'].map((n) =>
    path.join(tmpdir(), `touchline-clip-${randomUUID()}.${n}.${ext}`),
  ) as [string, string];
  try {
    if (input) await writeFile(inFile, input);
    const { stdout } = await run(
      ffmpegPath(),
      ['-nostdin', '-v', 'error', ...args(inFile, outFile)],
      {
        maxBuffer: 16 * 1024 * 1024,
      },
    );
    return { stdout, output: await readFile(outFile).catch(() => null) };
  } finally {
    await Promise.all([inFile, outFile].map((f) => rm(f, { force: true })));
  }
}

/**
 * A real one-second clip (a test pattern with a tone, 160×120 unless told) made by the bundled
 * ffmpeg and tagged the way a phone tags its videos: where and when it was filmed, and the
 * device. `rotate` films it turned, as a phone held upright does (the picture is stored
 * sideways with a rotation for players); `audioOnly` makes a sound file in the same container
 * (no video stream at all).
 */
export async function phoneClip(
  format: 'mp4' | 'webm',
  options: { audioOnly?: boolean; size?: string; rotate?: 90 } = {},
): Promise<Buffer> {
  const { audioOnly = false, size = '160x120', rotate } = options;
  const { output } = await ffmpegScratch(null, (_, file) => [
    ...(audioOnly ? [] : ['-f', 'lavfi', '-i', `testsrc=duration=1:size=${size}:rate=10`]),
    ...['-f', 'lavfi', '-i', 'sine=duration=1', '-shortest'],
    ...(audioOnly ? [] : CLIP_ENCODERS[format].video),
    ...CLIP_ENCODERS[format].audio,
    ...CLIP_ENCODERS[format].muxer,
    ...['-metadata', `location=${CLIP_LOCATION}`, '-metadata', 'make=Apple'],
    ...['-metadata', 'model=iPhone 15', '-metadata', 'creation_time=2024-05-01T10:00:00Z'],
    ...['-f', format, '-y', file],
  ]);
  if (!rotate) return output!;
  // This ffmpeg writes a rotation only when copying, and only without `use_metadata_tags`.
  const turned = await ffmpegScratch(output, (inFile, outFile) => [
    ...['-i', inFile, '-map', '0', '-c', 'copy', '-map_metadata', '0'],
    ...['-metadata:s:v:0', `rotate=${rotate}`, '-f', format, '-y', outFile],
  ]);
  return turned.output!;
}

/** Every metadata tag ffmpeg reads from a video (global and per stream), as `key=value` lines. */
export async function videoTags(video: Buffer): Promise<string> {
  const { stdout } = await ffmpegScratch(video, (file) => ['-i', file, '-f', 'ffmetadata', '-']);
  return stdout;
}

/** ffmpeg's description of a video's streams (codecs, sizes, side data such as its rotation). */
export async function videoStreams(video: Buffer): Promise<string> {
  // `-i` alone describes the input on stderr, then exits 1 for want of an output.
  const described = await ffmpegScratch(video, (file) => ['-v', 'info', '-i', file]).catch(
    (err: { stderr?: string }) => ({ stdout: err.stderr ?? '' }),
  );
  return described.stdout;
}
