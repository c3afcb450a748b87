import { TIMINGS } from '@touchline/shared';
import { Pause, Play, Volume2, VolumeX } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';

/**
 * A post's video (spec §2, §4): plays while at least half of it is on screen and pauses
 * otherwise; a click toggles play and pause; it loops and starts muted with a mute toggle; a
 * progress bar follows the playback. The controls show on hover, on keyboard focus and while
 * paused. A video the reader paused stays paused until it has left the screen.
 */
export function VideoPlayer({
  src,
  poster,
  label,
}: {
  src: string;
  /** A still frame shown until the video plays (null: the browser's first frame, once loaded). */
  poster?: string | null;
  label: string;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const pausedByUser = useRef(false);
  const [playing, setPlaying] = useState(false);
  const [muted, setMuted] = useState(true);
  const [progress, setProgress] = useState(0);

  useEffect(() => {
    const element = video.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (!entry) return;
        const visible =
          entry.isIntersecting && entry.intersectionRatio >= TIMINGS.videoVisibilityThreshold;
        if (!visible) {
          pausedByUser.current = false;
          element.pause();
        } else if (!pausedByUser.current) {
          void element.play().catch(() => {
            // The browser refused to start it (autoplay policy): the play button still works.
          });
        }
      },
      { threshold: [0, TIMINGS.videoVisibilityThreshold, 1] },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const toggle = () => {
    const element = video.current;
    if (!element) return;
    if (element.paused) {
      pausedByUser.current = false;
      void element.play().catch(() => {});
    } else {
      pausedByUser.current = true;
      element.pause();
    }
  };

  const toggleMute = () => {
    const element = video.current;
    if (!element) return;
    element.muted = !element.muted;
    setMuted(element.muted);
  };

  const percent = Math.round(progress * 100);
  return (
    <div
      className="group relative overflow-hidden bg-slate-950"
      data-testid="video-player"
      data-playing={playing || undefined}
    >
      <video
        ref={video}
        src={src}
        poster={poster ?? undefined}
        aria-label={label}
        className="mx-auto block max-h-[32rem] w-full cursor-pointer object-contain"
        loop
        muted
        playsInline
        preload="metadata"
        onClick={toggle}
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onTimeUpdate={(event) => {
          const { currentTime, duration } = event.currentTarget;
          setProgress(Number.isFinite(duration) && duration > 0 ? currentTime / duration : 0);
        }}
        onVolumeChange={(event) => setMuted(event.currentTarget.muted)}
      />
      {!playing ? (
        <span
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 flex items-center justify-center"
        >
          <span className="flex size-14 items-center justify-center rounded-full bg-slate-950/55 text-white backdrop-blur-sm">
            <Play className="ml-0.5 size-7" fill="currentColor" />
          </span>
        </span>
      ) : null}
      <div
        className={`absolute inset-x-0 bottom-0 bg-gradient-to-t from-slate-950/70 to-transparent px-3 pt-8 pb-2 transition-opacity duration-200 group-focus-within:opacity-100 group-hover:opacity-100 ${
          playing ? 'opacity-0' : 'opacity-100'
        }`}
      >
        <div className="flex items-center gap-2">
          <button
            type="button"
            onClick={toggle}
            aria-label={playing ? 'Pause video' : 'Play video'}
            className="flex size-9 items-center justify-center rounded-full text-white hover:bg-white/15 focus-visible:outline-white"
          >
            {playing ? (
              <Pause className="size-5" fill="currentColor" aria-hidden="true" />
            ) : (
              <Play className="size-5" fill="currentColor" aria-hidden="true" />
            )}
          </button>
          <div
            role="progressbar"
            aria-label="Video progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-1 flex-1 overflow-hidden rounded-full bg-white/30"
          >
            <div
              className="h-full rounded-full bg-white"
              style={{ width: `${percent}%` }}
              data-testid="video-progress"
            />
          </div>
          <button
            type="button"
            onClick={toggleMute}
            aria-label={muted ? 'Unmute video' : 'Mute video'}
            className="flex size-9 items-center justify-center rounded-full text-white hover:bg-white/15 focus-visible:outline-white"
          >
            {muted ? (
              <VolumeX className="size-5" aria-hidden="true" />
            ) : (
              <Volume2 className="size-5" aria-hidden="true" />
            )}
          </button>
        </div>
      </div>
    </div>
  );
}
