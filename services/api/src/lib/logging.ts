import type { FastifyInstance } from 'fastify';
import pino, { type Logger } from 'pino';
import pretty from 'pino-pretty';
import { redactUrl, serializeRequest } from './log-redaction';

/** How the processes write their logs: `json` lines (collected in production) or `pretty`. */
export type LogFormat = 'json' | 'pretty';

/** How often a buffered JSON log is written out at the latest (a quiet server's lines wait no longer). */
const LOG_FLUSH_MS = 250;

/**
 * Production's JSON lines, buffered: written out once 4 KiB are waiting or every
 * `LOG_FLUSH_MS`, without blocking the event loop, and synchronously at exit (pino flushes its
 * destinations then), instead of one blocking write per line — a busy server wrote a system call
 * per request for its log alone (decision 63). `dest`: a file descriptor or a path.
 */
export function bufferedJsonDestination(dest: number | string) {
  const stream = pino.destination({ dest, minLength: 4096, sync: false });
  // Flushed only when a line came since the last flush: an idle server makes no (empty) write.
  let pending = false;
  const write = stream.write.bind(stream);
  stream.write = (data: string) => {
    pending = true;
    return write(data);
  };
  const timer = setInterval(() => {
    if (!pending) return;
    pending = false;
    try {
      stream.flush();
    } catch {
      // Not open yet, or closed at exit: the next tick (or pino's exit flush) writes it.
    }
  }, LOG_FLUSH_MS);
  timer.unref();
  stream.once('close', () => clearInterval(timer));
  return stream;
}

/**
 * The process's logger. `json`: pino's JSON lines on stdout, buffered
 * (`bufferedJsonDestination`), for a collector. `pretty`
 * (development's default): one coloured, human line per entry (time, level, message, then the
 * fields), written synchronously so it interleaves in order with the start banner.
 */
export function createLogger(options: {
  level: string;
  format: LogFormat;
  name?: string;
  /** Where the lines go (stdout unless given: tests pass a stream). */
  destination?: NodeJS.WritableStream;
  /** Colours (pretty only); default: when the terminal supports them. */
  colorize?: boolean;
}): Logger {
  const base = {
    level: options.level,
    ...(options.name ? { name: options.name } : {}),
    // Fastify's request entries: the URL without its tokens and signatures (issue 25).
    serializers: {
      req: serializeRequest,
      res: pino.stdSerializers.res,
      err: pino.stdSerializers.err,
    },
  };
  if (options.format === 'json')
    return pino(base, options.destination ?? bufferedJsonDestination(1));
  return pino(
    base,
    pretty({
      colorize: options.colorize ?? pretty.isColorSupported,
      ...(options.destination ? { destination: options.destination } : {}),
      translateTime: 'SYS:HH:MM:ss',
      ignore: 'pid,hostname,name,reqId',
      singleLine: true,
      sync: true,
    }),
  );
}

/**
 * With a pretty log, Fastify's two entries per request ('incoming request', 'request
 * completed', each with the whole request) become one line when the answer is sent:
 * `GET /api/feed 200 12 ms`. Errors are still logged by the error handler.
 */
export function logOneLinePerRequest(app: FastifyInstance) {
  app.addHook('onResponse', (request, reply, done) => {
    const ms = Math.round(reply.elapsedTime);
    const line = `${request.method} ${redactUrl(request.url)} ${reply.statusCode} ${ms} ms`;
    if (reply.statusCode >= 500) request.log.error(line);
    else request.log.info(line);
    done();
  });
}

/**
 * With a JSON log (production), one entry per request when it is answered instead of Fastify's
 * two: 'request completed' with the request (URL redacted, as Fastify's entries), the status
 * and the time. Half the log lines and serializations of every request (decision 55); an
 * answer with status 500 or more is an error entry.
 */
export function logOneEntryPerRequest(app: FastifyInstance) {
  // At debug level a request's arrival is logged too (as Fastify's own 'incoming request'): an
  // operator following one slow or stuck request, or a test waiting for the server to have one.
  if (app.log.level === 'debug' || app.log.level === 'trace') {
    app.addHook('onRequest', (request, _reply, done) => {
      request.log.debug({ req: request }, 'incoming request');
      done();
    });
  }
  app.addHook('onResponse', (request, reply, done) => {
    const entry = { req: request, res: reply.raw, responseTime: reply.elapsedTime };
    if (reply.statusCode >= 500) request.log.error(entry, 'request completed');
    else request.log.info(entry, 'request completed');
    done();
  });
}
