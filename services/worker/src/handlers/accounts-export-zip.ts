import { Transform, type Readable } from 'node:stream';
import type { Database } from '@touchline/db';
import { listConsentLedger } from '@touchline/db/guardians';
import {
  exportComments,
  exportConnections,
  exportConversations,
  exportLikes,
  exportMediaFiles,
  exportNotifications,
  exportPayments,
  exportPosts,
  exportProfile,
  exportRegistrations,
  exportTrials,
} from '@touchline/db/accounts';
import type { StorageDriver } from '@touchline/drivers';

/** The JSON files of an export, in the ZIP's order (README.txt says what each holds). */
export const EXPORT_JSON_FILES = [
  'profile.json',
  'posts.json',
  'comments.json',
  'likes.json',
  'friends-and-follows.json',
  'messages.json',
  'registrations.json',
  'payments.json',
  'notifications.json',
  'trials.json',
  'consent.json',
  'media.json',
] as const;

const README = (generatedAt: string) => `Your Touchline data (exported ${generatedAt} UTC)

profile.json              your account and profile, private fields included (e-mail, phone,
                          date of birth), your achievements and playing experience
posts.json                your posts
comments.json             your comments and replies, on anyone's posts
likes.json                the posts you liked
friends-and-follows.json  your friends, friend requests, the academies you follow (or your
                          followers), the accounts you blocked
messages.json             your conversations: the other person's name and every message
registrations.json        your trial registrations with your answers
payments.json             your payments (amounts in kobo)
notifications.json        your notifications
trials.json               the trials your academy published (academies)
consent.json              guardians' consent records about you (supplement §14)
media.json                the files in media/ and what each one is
media/                    the pictures, videos and documents you uploaded

Pictures other people sent you in conversations are theirs and are not included.
`;

type MediaFile = Awaited<ReturnType<typeof exportMediaFiles>>[number];

/**
 * Guardians' consent records about the user (supplement §14): every row of the append-only
 * consent ledger where they are the child or the guardian, newest first.
 */
async function consentRecords(db: Database, userId: string) {
  const rows = await listConsentLedger(db, { personId: userId, limit: 1000, offset: 0 });
  return {
    records: rows.map((r) => ({
      child: { id: r.childId, username: r.childName },
      guardian: r.guardianId ? { id: r.guardianId, username: r.guardianName } : null,
      decision: r.decision,
      relationship: r.relationship,
      notice_version: r.noticeVersion,
      method: r.method,
      ip: r.ip,
      recorded_at: new Date(r.recordedAt).toISOString(),
    })),
    note:
      rows.length === 0
        ? 'Touchline keeps no consent records about this account.'
        : "Each decision a guardian made about a child's account, as recorded (never edited).",
  };
}

/** Every JSON section of the user's export, read from the database. */
async function readSections(db: Database, userId: string) {
  return {
    'profile.json': await exportProfile(db, userId),
    'posts.json': await exportPosts(db, userId),
    'comments.json': await exportComments(db, userId),
    'likes.json': await exportLikes(db, userId),
    'friends-and-follows.json': await exportConnections(db, userId),
    'messages.json': await exportConversations(db, userId),
    'registrations.json': await exportRegistrations(db, userId),
    'payments.json': await exportPayments(db, userId),
    'notifications.json': await exportNotifications(db, userId),
    'trials.json': await exportTrials(db, userId),
    'consent.json': await consentRecords(db, userId),
  } satisfies Record<Exclude<(typeof EXPORT_JSON_FILES)[number], 'media.json'>, unknown>;
}

/**
 * Builds the user's export ZIP and streams it into private storage at `key` as it is made (no
 * whole file in memory): README.txt, the JSON files, then each of the user's own media files,
 * one stream open at a time. Answers the ZIP's size in bytes. A file missing from storage is
 * listed in media.json as missing rather than failing the export.
 */
export async function writeExportZip(input: {
  db: Database;
  storage: StorageDriver;
  userId: string;
  key: string;
  now: Date;
}): Promise<number> {
  const { db, storage, userId, key } = input;
  const sections = await readSections(db, userId);
  const media = await exportMediaFiles(db, userId);

  // Loaded when an export is written, not at every start (issue 24, a start in seconds).
  const { default: archiver } = await import('archiver');
  const archive = archiver('zip', { zlib: { level: 6 } });
  // Counts the bytes on their way to storage (a 'data' listener would start the flow before
  // storage reads it, and lose the start of the file).
  let bytes = 0;
  const output = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      callback(null, chunk);
    },
  });
  archive.pipe(output);
  const failed = new Promise<never>((_, reject) => {
    archive.on('error', reject);
    archive.on('warning', reject);
  });
  const upload = storage.put({
    key,
    body: output,
    contentType: 'application/zip',
    visibility: 'private',
  });
  upload.catch(() => archive.abort());

  /** Appends one entry and waits until the archive has consumed it. */
  const add = (source: Buffer | Readable, name: string) =>
    Promise.race([
      new Promise<void>((resolve) => {
        archive.once('entry', () => resolve());
        archive.append(source, { name, date: input.now });
      }),
      failed,
      upload.then(() => Promise.reject(new Error('storage finished before the archive'))),
    ]);

  const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`);
  await add(
    Buffer.from(README(input.now.toISOString().slice(0, 19).replace('T', ' '))),
    'README.txt',
  );
  for (const [name, value] of Object.entries(sections)) await add(json(value), name);

  const index: { file: string; content_type: string; included: boolean }[] = [];
  for (const file of media) {
    const included = await addMedia(storage, file, add);
    index.push({ file: file.file, content_type: file.contentType, included });
  }
  await add(json(index), 'media.json');
  await Promise.race([Promise.all([archive.finalize(), upload]), failed]);
  return bytes;
}

async function addMedia(
  storage: StorageDriver,
  file: MediaFile,
  add: (source: Readable, name: string) => Promise<void>,
): Promise<boolean> {
  const stored = await storage.get(file.key, file.visibility);
  if (!stored) return false;
  await add(stored.body, file.file);
  return true;
}
