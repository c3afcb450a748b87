/** Bus messages are JSON values: both drivers encode on publish and decode per handler. */
export function encodeMessage(message: unknown): string {
  const encoded = JSON.stringify(message);
  if (encoded === undefined) throw new TypeError('a bus message must be a JSON value');
  return encoded;
}

export function decodeMessage(encoded: string): unknown {
  return JSON.parse(encoded) as unknown;
}
