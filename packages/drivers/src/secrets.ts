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

/**
 * Without APP_SECRET (development only: production refuses to start without it), a random secret
 * is created once in the data directory and shared by every process using that directory.
 */
export async function resolveAppSecret(appSecret: string | undefined, dataDir: string) {
  if (appSecret) return appSecret;
  const file = path.join(dataDir, 'app-secret');
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch {
    await mkdir(dataDir, { recursive: true });
    const secret = randomBytes(32).toString('hex');
    await writeFile(file, secret, { mode: 0o600, flag: 'wx' }).catch(() => undefined);
    return (await readFile(file, 'utf8')).trim();
  }
}
