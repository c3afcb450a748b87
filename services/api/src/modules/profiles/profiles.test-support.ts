import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { schema } from '@touchline/db';
import type { UserRow } from '@touchline/db/users';
import type { TestApp } from '../../testing/test-app';

export type FilePart = { name?: string; filename: string; type: string; data: Buffer };

/** A multipart body with fields and files (none, one or several), as a browser form sends it. */
export function multipart(fields: Record<string, string>, files?: FilePart | readonly FilePart[]) {
  const boundary = '----touchline' + Math.random().toString(16).slice(2);
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
    );
  }
  for (const file of files === undefined ? [] : Array.isArray(files) ? files : [files]) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name ?? 'file'}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A JPEG carrying GPS coordinates in its EXIF block (what a phone camera writes). */
export function jpegWithGps(width = 800, height = 600) {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .jpeg()
    .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '6/1 27/1 0/1' } })
    .toBuffer();
}

export function png(width = 300, height = 300) {
  return sharp({
    create: { width, height, channels: 4, background: { r: 10, g: 120, b: 200, alpha: 1 } },
  })
    .png()
    .toBuffer();
}

/** Reads a stored public object back through its `/media/…` URL. */
export async function fetchMedia(t: TestApp, url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  return { res, body: res.rawPayload };
}

/** Fills in what signup would have stored (tests create bare accounts). */
export async function setAccount(
  t: TestApp,
  user: UserRow,
  values: Partial<typeof schema.users.$inferInsert>,
) {
  await t.db.update(schema.users).set(values).where(eq(schema.users.id, user.id));
}
