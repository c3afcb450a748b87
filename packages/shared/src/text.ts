/**
 * Rules every piece of user-supplied text obeys, whatever the field. Postgres refuses U+0000 in
 * text columns, so a NUL anywhere in an input is refused at validation (400 `invalid_character`)
 * instead of failing in the database (500).
 */
export const TEXT_MESSAGES = {
  nulCharacter: 'Text cannot contain the NUL character',
} as const;

export const NUL = '\u0000';

/**
 * The first path (`body.field`, `query.q`, `[2].name`) at which `value` holds a NUL, in a string or
 * an object key, or null. Walks parsed JSON, query objects and form fields; bounded by `maxDepth`
 * (deeper structures are left to the schemas, which refuse them anyway).
 */
export function findNulCharacter(value: unknown, path = '', maxDepth = 32): string | null {
  if (typeof value === 'string') return value.includes(NUL) ? path || 'body' : null;
  if (value === null || typeof value !== 'object' || maxDepth <= 0) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNulCharacter(value[i], `${path}[${i}]`, maxDepth - 1);
      if (found) return found;
    }
    return null;
  }
  if (ArrayBuffer.isView(value)) return null; // file bytes are not text
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    const at = path ? `${path}.${key}` : key;
    if (key.includes(NUL)) return at;
    const found = findNulCharacter(item, at, maxDepth - 1);
    if (found) return found;
  }
  return null;
}
