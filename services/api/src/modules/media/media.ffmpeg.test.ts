import { describe, expect, it } from 'vitest';
import { isFfmpegFailure, runFfmpeg } from './media.ffmpeg';

describe('running the bundled ffmpeg', () => {
  it('answers what ffmpeg writes to its standard output', async () => {
    const out = await runFfmpeg(
      [
        '-f',
        'lavfi',
        '-i',
        'color=red:size=8x8',
        '-frames:v',
        '1',
        '-f',
        'image2pipe',
        '-c:v',
        'png',
        'pipe:1',
      ],
      { timeoutMs: 30_000 },
    );
    expect(out.subarray(1, 4).toString('latin1')).toBe('PNG');
  });

  it('reports an input it cannot read as a failure, with its reason', async () => {
    const err = await runFfmpeg(['-i', 'file:/nonexistent/clip.mp4', '-f', 'null', '-'], {
      timeoutMs: 30_000,
    }).catch((e: unknown) => e);
    expect(isFfmpegFailure(err) && err.ffmpeg).toBe('failed');
    expect(isFfmpegFailure(err) && err.stderr).toMatch(/No such file/);
  });

  it('kills a run past its time limit and reports it as a timeout', async () => {
    // `-re` reads in real time: ten minutes of pattern, unless killed (the test's own timeout).
    const err = await runFfmpeg(
      ['-re', '-f', 'lavfi', '-i', 'testsrc=duration=600:size=64x48:rate=5', '-f', 'null', '-'],
      { timeoutMs: 500 },
    ).catch((e: unknown) => e);
    expect(isFfmpegFailure(err) && err.ffmpeg).toBe('timeout');
  });
});
