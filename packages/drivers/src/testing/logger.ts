import type { Logger } from '../logger';

export type LogEntry = { level: keyof Logger; fields: Record<string, unknown>; msg: string };

/** A logger that keeps its lines, so a test can wait for "job failed permanently". */
export function createCapturingLogger() {
  const entries: LogEntry[] = [];
  const at =
    (level: keyof Logger) =>
    (objOrMsg: object | string, msg?: string): void => {
      if (typeof objOrMsg === 'string') entries.push({ level, fields: {}, msg: objOrMsg });
      else entries.push({ level, fields: objOrMsg as Record<string, unknown>, msg: msg ?? '' });
    };
  const logger: Logger = {
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    debug: at('debug'),
  };
  return { logger, entries };
}
