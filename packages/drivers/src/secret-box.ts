import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

/** Seals short secrets at rest (an e-mail's template parameters until it is sent). */
export type SecretBox = {
  seal(plain: string): string;
  /** Throws when the value was not sealed with this key or was tampered with. */
  open(sealed: string): string;
};

const VERSION = 'v1';

/**
 * AES-256-GCM with a key derived (HMAC, its own purpose) from the drivers' secret, itself derived
 * from APP_SECRET: every process of a deployment shares it, a database dump alone opens nothing.
 * Format: `v1.<iv>.<tag>.<ciphertext>`, base64url parts.
 */
export function createSecretBox(rootSecret: string): SecretBox {
  const key = createHmac('sha256', rootSecret).update('touchline:secret-box').digest();
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url'));
      return [VERSION, ...parts].join('.');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || body === undefined)
        throw new Error('not a sealed value');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(body, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}
