import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DOMAIN_EVENTS } from './events';
import { EVENT_ROUTES, JOBS, type JobName } from './jobs';

/**
 * Supplement §10: job payloads carry ids, never personal data. The queues are shown to
 * administrators (the BullMQ board, `GET /api/admin/queues`), kept in Redis and in failed-job
 * lists: a name, an e-mail, a phone number, a reason or any free text must never be in one. The
 * handler reads what it needs from the database when it runs.
 *
 * Allowed: uuids, enums and literals (kinds, statuses), numbers and booleans, and `eventId` — the
 * outbox row's number (tests use a short key) that makes a rerun idempotent, no personal data.
 */
const NOT_PERSONAL_STRINGS = new Set(['eventId']);

type Def = { type: string; format?: string; innerType?: z.ZodType };
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Why a field may carry personal data (null when it cannot). */
function problem(name: string, schema: z.ZodType): string | null {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
      return problem(name, def.innerType!);
    case 'enum':
    case 'literal':
    case 'number':
    case 'int':
    case 'boolean':
      return null;
    case 'string': {
      const format = (schema as z.ZodString).format;
      if (format === 'uuid' || format === 'guid') return null;
      if (NOT_PERSONAL_STRINGS.has(name)) return null;
      return `${name} is free text (${format ?? 'any string'})`;
    }
    default:
      return `${name} is a ${def.type}: it may nest anything`;
  }
}

/** Every field of an object payload that could carry personal data. */
function problemsOf(payload: z.ZodType): string[] {
  if (defOf(payload).type !== 'object') return ['the payload is not an object of fields'];
  const shape = (payload as z.ZodObject).shape as Record<string, z.ZodType>;
  return Object.entries(shape)
    .map(([name, field]) => problem(name, field))
    .filter((p): p is string => p !== null);
}

describe('job payloads carry ids only', () => {
  it('the check refuses names, e-mails, reasons and nested objects', () => {
    expect(
      problemsOf(
        z.object({
          userId: z.string().uuid(),
          email: z.string().email(),
          name: z.string(),
          extra: z.object({}),
          tags: z.array(z.string()),
        }),
      ),
    ).toEqual([
      'email is free text (email)',
      'name is free text (any string)',
      'extra is a object: it may nest anything',
      'tags is a array: it may nest anything',
    ]);
    expect(problemsOf(z.object({ reason: z.string().optional() }))).toEqual([
      'reason is free text (any string)',
    ]);
  });

  it.each(Object.keys(JOBS) as JobName[])('%s', (name) => {
    expect(problemsOf(JOBS[name].payload)).toEqual([]);
  });

  it('every domain event payload too (the outbox rows the jobs are made from)', () => {
    const found = Object.entries(DOMAIN_EVENTS).flatMap(([type, schema]) =>
      problemsOf(schema).map((p) => `${type}: ${p}`),
    );
    expect(found).toEqual([]);
  });

  it('every route makes a payload its job accepts', () => {
    const id = '6f1c1d2e-3a4b-4c5d-8e6f-7a8b9c0d1e2f';
    for (const [type, routes] of Object.entries(EVENT_ROUTES)) {
      const schema = DOMAIN_EVENTS[type as keyof typeof DOMAIN_EVENTS] as z.ZodObject;
      // An event payload of ids only: each field an id, or its enum's first value.
      const sample = Object.fromEntries(
        Object.entries(schema.shape as Record<string, z.ZodType>).map(([k, f]) => [
          k,
          defOf(f).type === 'enum' ? (f as z.ZodEnum).options[0] : id,
        ]),
      );
      for (const route of routes as readonly {
        job: JobName;
        payload: (event: unknown, eventId: string) => unknown;
      }[]) {
        const made = route.payload(sample, '42');
        expect(JOBS[route.job].payload.safeParse(made).success, `${type} → ${route.job}`).toBe(
          true,
        );
      }
    }
  });
});
