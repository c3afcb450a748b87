import argon2 from 'argon2';

/**
 * argon2id with OWASP's baseline parameters: 19 MiB memory, 2 iterations, 1 lane (about 30 ms
 * on this class of machine). Parameters live in the hash, so raising them later only affects
 * new hashes.
 */
export const ARGON2_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export const hashPassword = (password: string) => argon2.hash(password, ARGON2_OPTIONS);

let dummyHash: Promise<string> | undefined;

/**
 * Verifies a password. Without a stored hash (unknown e-mail, Google-only account) it still
 * spends the same work on a dummy hash, so timing does not reveal which accounts exist.
 */
export async function verifyPassword(hash: string | null | undefined, password: string) {
  if (!hash) {
    dummyHash ??= hashPassword('touchline-dummy-password');
    await argon2.verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return argon2.verify(hash, password).catch(() => false);
}
