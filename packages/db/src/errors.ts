/**
 * Whether a failed statement broke a unique constraint (SQLSTATE 23505), optionally a named one.
 * node-postgres and PGlite both put the code on their error; Drizzle wraps it as `cause`, so the
 * chain is walked.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, constraint: name, cause } = e as {
      code?: unknown;
      constraint?: unknown;
      cause?: unknown;
    };
    if (code === '23505') return constraint === undefined || name === constraint;
    e = cause;
  }
  return false;
}
