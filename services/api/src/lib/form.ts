import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ERROR_CODES, findNulCharacter, TEXT_MESSAGES } from '@touchline/shared';
import { AppError } from './app-error';

export type UploadedFile = {
  fieldname: string;
  filename: string;
  buffer: Buffer;
  truncated: boolean;
};

/**
 * Reads a multipart form (fields, repeated fields as lists, at most one file read into memory up
 * to `maxFileBytes`) or a JSON body, so clients may send either.
 */
export async function readForm(request: FastifyRequest, maxFileBytes: number) {
  const fields: Record<string, string | string[]> = {};
  let file = null as UploadedFile | null;
  if (!request.isMultipart()) {
    const body = (request.body ?? {}) as Record<string, unknown>;
    for (const [k, v] of Object.entries(body)) {
      if (Array.isArray(v)) fields[k] = v.map(String);
      else if (v !== null && v !== undefined) fields[k] = String(v);
    }
    return { fields, file };
  }
  try {
    await readParts();
  } catch (err) {
    if (err instanceof AppError) throw err;
    const status = (err as { statusCode?: number }).statusCode;
    if (status && status < 500) throw err;
    // A malformed body (wrong boundary, cut short) is the client's fault, not ours.
    throw new AppError(400, ERROR_CODES.badMultipart, 'The form could not be read; please try again');
  }
  // Multipart fields are read here, after the request hooks: the NUL rule applies to them now.
  refuseNulCharacter(fields);
  return { fields, file };

  async function readParts() {
    for await (const part of request.parts({ limits: { fileSize: maxFileBytes } })) {
      if (part.type === 'file') {
        const buffer = await part.toBuffer().catch((err: unknown) => {
          if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') return null;
          throw err;
        });
        file = {
          fieldname: part.fieldname,
          filename: part.filename,
          buffer: buffer ?? Buffer.alloc(0),
          truncated: buffer === null || part.file.truncated,
        };
        continue;
      }
      const value = String(part.value);
      const key = part.fieldname.replace(/\[\]$/, '');
      const existing = fields[key];
      if (existing === undefined) fields[key] = part.fieldname.endsWith('[]') ? [value] : value;
      else fields[key] = Array.isArray(existing) ? [...existing, value] : [existing, value];
    }
  }
}

/** Parses with a zod schema; failures become the 400 envelope with every field's message. */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  refuseNulCharacter(input);
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.') || 'body';
    fields[key] ??= issue.message;
  }
  const first = result.error.issues[0]?.message ?? 'Invalid input';
  throw new AppError(400, ERROR_CODES.validation, first, fields);
}

/** Postgres refuses U+0000 in text: any input holding one is refused before it gets that far. */
export function refuseNulCharacter(input: unknown, where = ''): void {
  const field = findNulCharacter(input, where);
  if (field === null) return;
  throw new AppError(400, ERROR_CODES.invalidCharacter, TEXT_MESSAGES.nulCharacter, {
    [field]: TEXT_MESSAGES.nulCharacter,
  });
}
