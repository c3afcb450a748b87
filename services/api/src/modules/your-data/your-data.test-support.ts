import yauzl from 'yauzl';
import { eq } from 'drizzle-orm';
import { schema } from '@touchline/db';
import { waitFor } from '@touchline/drivers/testing';
import type { TestApp, TestUser } from '../../testing/test-app';
import { hashPassword } from '../auth/auth.passwords';
import { multipart, png } from '../profiles/profiles.test-support';

export const PASSWORD = 'Goal#2026x';

/** An adult player who signs in with a password (the account a deletion confirms with). */
export async function withPassword(t: TestApp, values: Parameters<TestApp['createUser']>[0] = {}) {
  return t.createUser({ passwordHash: await hashPassword(PASSWORD), ...values });
}

/** The entries of a ZIP file, by name. */
export function readZip(buffer: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('no zip'));
      const entries = new Map<string, Buffer>();
      zip.on('error', reject);
      zip.on('end', () => resolve(entries));
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamErr, stream) => {
          if (streamErr || !stream) return reject(streamErr ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('error', reject);
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

export const json = (entries: Map<string, Buffer>, name: string) => {
  const file = entries.get(name);
  if (!file) throw new Error(`no ${name} in the ZIP: ${[...entries.keys()].join(', ')}`);
  return JSON.parse(file.toString('utf8')) as unknown;
};

/** A post with a picture through the API; answers its id and the picture's URL. */
export async function postWithPicture(t: TestApp, who: TestUser, content: string) {
  const form = multipart({ content }, [
    { name: 'image', filename: 'pitch.png', type: 'image/png', data: await png(120, 80) },
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/post',
    headers: { ...who.headers, ...form.headers },
    payload: form.payload,
  });
  if (res.statusCode !== 201) throw new Error(`post failed: ${res.statusCode} ${res.body}`);
  const body = res.json() as { id: string; image: string };
  return { id: body.id, image: body.image };
}

/** A picture message through the API; answers the message (its `image` URL). */
export async function sendPicture(t: TestApp, who: TestUser, thread: string) {
  const form = multipart({ client_id: `pic-${Date.now().toString(36)}` }, [
    { name: 'image', filename: 'snap.png', type: 'image/png', data: await png(60, 60) },
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/chat/${thread}/messages`,
    headers: { ...who.headers, ...form.headers },
    payload: form.payload,
  });
  if (res.statusCode !== 201 && res.statusCode !== 200)
    throw new Error(`picture failed: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string; image: string };
}

/** Waits until the user's latest export is no longer pending; answers its status. */
export async function exportSettled(who: TestUser) {
  let latest: { id: string; status: string; download_url: string | null } | null = null;
  await waitFor(
    async () => {
      const res = await who.call('GET', '/api/me/export');
      latest = res.json().export;
      return latest !== null && latest.status !== 'pending';
    },
    'the export to be built',
    30_000,
  );
  return latest!;
}

/** The stored user row. */
export async function userRow(t: TestApp, userId: string) {
  const [row] = await t.db.select().from(schema.users).where(eq(schema.users.id, userId));
  return row!;
}
