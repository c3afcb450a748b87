import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import type { PgDialect, PgSession } from 'drizzle-orm/pg-core';
import type { Executor } from '../client';

/** Statement texts already given a name, so each text keeps one name on every connection. */
const names = new Map<string, string>();
/** Texts beyond this many run unnamed (a guard against a text that varies without bound). */
const MAX_NAMES = 256;

function nameFor(prefix: string, text: string): string | undefined {
  let name = names.get(text);
  if (name === undefined && names.size < MAX_NAMES) {
    // Named by the text's hash: the same text gets the same name in any copy of this module.
    name = `tl_${prefix}_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
    names.set(text, name);
  }
  return name;
}

/**
 * `executor.execute(query)` as a named (server-side prepared) statement on Postgres: each
 * connection parses and plans the statement's text once and then reuses it, instead of planning
 * it on every request — for the big hot statements (the home feed), planning cost more than
 * running them. PGlite runs it as a plain statement. Answers what `execute` answers.
 */
export async function executeNamed(executor: Executor, prefix: string, query: SQL) {
  const { dialect, session } = executor as unknown as { dialect: PgDialect; session: PgSession };
  const built = dialect.sqlToQuery(query);
  return session.prepareQuery(built, undefined, nameFor(prefix, built.sql), false).execute();
}

/** A named statement whose text is built once (`preparedStatement`). */
export type PreparedStatement = (
  executor: Executor,
  values: Record<string, unknown>,
) => ReturnType<typeof executeNamed>;

/**
 * A named statement built once with `sql.placeholder`s and run with their values: its text, its
 * name and its parameters' order are made on the first call, not on every request (for the home
 * page's statement, building the text cost more CPU than reading the answer). Every executor
 * shares the text (one Postgres dialect); PGlite runs it as a plain statement.
 */
export function preparedStatement(prefix: string, query: SQL): PreparedStatement {
  let built: { sql: string; params: unknown[] } | undefined;
  let name: string | undefined;
  return (executor, values) => {
    const { dialect, session } = executor as unknown as { dialect: PgDialect; session: PgSession };
    if (!built) {
      built = dialect.sqlToQuery(query);
      name = nameFor(prefix, built.sql);
    }
    return session.prepareQuery(built, undefined, name, false).execute(values);
  };
}
