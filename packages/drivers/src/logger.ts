/**
 * The logging surface the drivers need: a subset of pino's, so a pino logger (or a child of one)
 * can be passed as it is. Call sites use `(obj, msg)` or `(msg)`.
 */
export type LogFn = (objOrMsg: object | string, msg?: string) => void;

export interface Logger {
  info: LogFn;
  warn: LogFn;
  error: LogFn;
  debug: LogFn;
}

const noop: LogFn = () => {};

export const silentLogger: Logger = { info: noop, warn: noop, error: noop, debug: noop };

/** Error fields for a log line, without the stack noise of connection errors. */
export function errorFields(err: unknown): { err: { name: string; message: string } } {
  if (err instanceof Error) return { err: { name: err.name, message: err.message } };
  return { err: { name: 'Error', message: String(err) } };
}
