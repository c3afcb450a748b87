import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';

/**
 * The ffmpeg binary shipped inside the `@ffmpeg-installer/<platform>` npm package (no download
 * at run time). Resolved on first use, not at import: the package throws on a platform it has
 * no binary for, and the server should still start there (only video uploads fail).
 */
let binary: string | undefined;
export function ffmpegPath(): string {
  try {
    binary ??= (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string })
      .path;
  } catch (err) {
    // The package throws a bare string; make it an error the logs show with its reason.
    throw new Error(`No ffmpeg binary for ${process.platform}-${process.arch}: ${String(err)}`, {
      cause: err,
    });
  }
  return binary;
}

/** ffmpeg ran but refused the input, or ran past its time limit (it was killed). */
export type FfmpegFailure = Error & { ffmpeg: 'failed' | 'timeout'; stderr: string };
export const isFfmpegFailure = (e: unknown): e is FfmpegFailure =>
  e instanceof Error && 'ffmpeg' in e && 'stderr' in e;

/**
 * At most this many ffmpeg processes at once in this server (the machine has few cores); later
 * runs wait their turn, so a burst of uploads queues rather than starving the API.
 */
const MAX_RUNNING = 2;
let running = 0;
const waiting: (() => void)[] = [];

async function slot(): Promise<() => void> {
  if (running >= MAX_RUNNING) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  return () => {
    running -= 1;
    waiting.shift()?.();
  };
}

/**
 * Runs ffmpeg with an argument list (never through a shell), no standard input, and a time
 * limit after which it is killed. Answers its standard output; rejects with an `FfmpegFailure`
 * when ffmpeg exits non-zero or is killed, and with the spawn error itself when the binary is
 * missing (a server fault, not the upload's).
 */
export async function runFfmpeg(
  args: readonly string[],
  options: { timeoutMs: number; maxOutputBytes?: number },
): Promise<Buffer> {
  const release = await slot();
  try {
    return await new Promise<Buffer>((resolve, reject) => {
      execFile(
        ffmpegPath(),
        ['-nostdin', '-hide_banner', '-v', 'error', ...args],
        {
          encoding: 'buffer',
          timeout: options.timeoutMs,
          killSignal: 'SIGKILL',
          maxBuffer: options.maxOutputBytes ?? 1024 * 1024,
          windowsHide: true,
        },
        (err, stdout, stderr) => {
          if (!err) return resolve(stdout);
          const spawnFailed = typeof (err as { code?: unknown }).code === 'string';
          if (spawnFailed && (err as { code: string }).code !== 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER')
            return reject(err);
          const failure: FfmpegFailure = Object.assign(new Error('ffmpeg refused the input'), {
            ffmpeg: err.killed ? ('timeout' as const) : ('failed' as const),
            stderr: stderr.toString('utf8').slice(-2000),
          });
          reject(failure);
        },
      );
    });
  } finally {
    release();
  }
}
