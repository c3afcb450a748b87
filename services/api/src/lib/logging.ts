import type { FastifyInstance } from 'fastify';
import pino, { type Logger } from 'pino';
import pretty from 'pino-pretty';
import { redactUrl, serializeRequest } from './log-redaction';

/** How the processes write their logs: `json` lines (collected in production) or `pretty`. */
export type LogFormat = 'json' | 'pretty';

/** How often a buffered JSON log is written out at the latest (a quiet server's lines wait no longer). */
const LOG_FLUSH_MS = 250;

/** Characters of lines kept before they are handed to the file as one chunk. */
const LOG_CHUNK_CHARS = 8192;

/** The buffered JSON log: what pino writes to, and what flushes it. */
export type BufferedDestination = {
  write(line: string): boolean;
  /** Hands the waiting lines to the file, written without blocking (`cb` once written). */
  flush(cb?: (err?: Error | null) => void): void;
  /** Writes every waiting line before it returns. */
  flushSync(): void;
  end(): void;
  /** The file's events ('ready' once it is open, 'close'). */
  once(event: string, listener: (...args: unknown[]) => void): unknown;
};

/**
 * Production's JSON lines, buffered: written out once 8 KiB are waiting or every
 * `LOG_FLUSH_MS`, without blocking the event loop, and synchronously at exit, instead of one
 * blocking write per line — a busy server wrote a system call per request for its log alone
 * (decision 63). The lines wait in a list and reach pino's destination (sonic-boom) as one chunk:
 * sonic-boom measures its whole pending buffer on every write, which cost a busy server more
 * than the line itself (decision 69). `dest`: a file descriptor or a path.
 */
export function bufferedJsonDestination(dest: number | string): BufferedDestination {
  const stream = pino.destination({ dest, minLength: 4096, sync: false });
  let lines: string[] = [];
  let chars = 0;
  // Flushed only when a line came since the last flush: an idle server makes no (empty) write.
  let pending = false;
  const handOver = () => {
    if (lines.length === 0) return;
    const chunk = lines.join('');
    lines = [];
    chars = 0;
    stream.write(chunk);
  };
  const destination: BufferedDestination = {
    write(line) {
      pending = true;
      lines.push(line);
      chars += line.length;
      if (chars >= LOG_CHUNK_CHARS) handOver();
      return true;
    },
    flush(cb) {
      handOver();
      stream.flush(cb);
    },
    flushSync() {
      handOver();
      stream.flushSync();
    },
    end() {
      handOver();
      stream.end();
    },
    once(event, listener) {
      return stream.once(event, listener);
    },
  };
  const timer = setInterval(() => {
    if (!pending) return;
    try {
      destination.flush();
      pending = false;
    } catch {
      // Not open yet, or closed at exit: the next tick (or the exit flush) writes it.
    }
  }, LOG_FLUSH_MS);
  timer.unref();
  // At exit (an exception, a signal's handler, process.exit): the waiting lines, synchronously.
  const atExit = () => {
    try {
      destination.flushSync();
    } catch {
      // Nothing more can be done for a file that would not open.
    }
  };
  process.once('exit', atExit);
  stream.once('close', () => {
    clearInterval(timer);
    process.off('exit', atExit);
  });
  return destination;
}

/** A response in the log: its status (a Fastify reply or Node's response). */
export function serializeResponse(res: { statusCode: number }) {
  return { statusCode: res.statusCode };
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
      // The status only, as Fastify's own logger: pino's standard one copies every response
      // header (the security headers, a long CSP) into each request's entry (decision 69).
      res: serializeResponse,
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
