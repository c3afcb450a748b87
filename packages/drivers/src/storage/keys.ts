export class InvalidStorageKeyError extends Error {
  override name = 'InvalidStorageKeyError';
}

const KEY_PATTERN = /^[a-zA-Z0-9/_.-]+$/;

/**
 * Object keys are relative paths of `[a-zA-Z0-9/_.-]` segments: no absolute paths, no empty,
 * `.` or `..` segments, at most 512 characters. Both drivers apply the same rule, so a key
 * valid on disk is valid on S3 and safe in a URL path.
 */
export function assertStorageKey(key: string): void {
  const valid =
    typeof key === 'string' &&
    key.length > 0 &&
    key.length <= 512 &&
    KEY_PATTERN.test(key) &&
    key.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
  if (!valid) throw new InvalidStorageKeyError(`invalid storage key "${String(key).slice(0, 80)}"`);
}

export function joinUrl(base: string, key: string): string {
  return `${base.replace(/\/+$/, '')}/${key}`;
}
