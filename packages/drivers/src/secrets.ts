import { createHmac, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export type AppSecrets = { jwtSecret: string; mediaSigningSecret: string; codeSecret: string };

/** Derives independent keys from the one application secret (API and worker alike). */
export function deriveSecrets(appSecret: string): AppSecrets {
  const derive = (purpose: string) => createHmac('sha256', appSecret).update(purpose).digest('hex');
  return {
    jwtSecret: derive('touchline:jwt'),
    mediaSigningSecret: derive('touchline:media'),
    codeSecret: derive('touchline:codes'),
  };
}

export const MIN_SECRET_BYTES = 32;

/**
 * Without APP_SECRET (development only: production refuses to start without it), a random secret
 * is created once in the data directory and shared by every process using that directory.
 */
export async function resolveAppSecret(appSecret: string | undefined, dataDir: string) {
  if (appSecret) return appSecret;
  const file = path.join(dataDir, 'app-secret');
  let secret: string;
  try {
    secret = (await readFile(file, 'utf8')).trim();
  } catch {
    await mkdir(dataDir, { recursive: true });
    await writeFile(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' }).catch(
      () => undefined,
    );
    secret = (await readFile(file, 'utf8')).trim();
  }
  // An empty or truncated file (a failed copy, a hand edit) would sign every token with a guessable
  // key: refuse it, as APP_SECRET itself is refused under 32 characters.
  if (Buffer.byteLength(secret) < MIN_SECRET_BYTES) {
    throw new Error(
      `${file} holds a secret shorter than ${MIN_SECRET_BYTES} bytes: delete the file to have a new one generated, or set APP_SECRET`,
    );
  }
  return secret;
}
