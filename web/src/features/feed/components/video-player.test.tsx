import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VideoPlayer } from './video-player';

type Watch = (entries: Partial<IntersectionObserverEntry>[]) => void;
let watch: Watch = () => {};
let options: IntersectionObserverInit | undefined;

beforeEach(() => {
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: Watch, init?: IntersectionObserverInit) {
        watch = callback;
        options = init;
      }
      observe() {}
      disconnect() {}
    },
  );
  // jsdom has no media playback: play and pause only flip `paused` and fire their events.
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (
    this: HTMLMediaElement,
  ) {
    Object.defineProperty(this, 'paused', { value: false, configurable: true });
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (
    this: HTMLMediaElement,
  ) {
    Object.defineProperty(this, 'paused', { value: true, configurable: true });
    this.dispatchEvent(new Event('pause'));
  });
});
afterEach(() => vi.unstubAllGlobals());

const seen = (ratio: number) =>
  act(() => watch([{ isIntersecting: ratio > 0, intersectionRatio: ratio }]));

describe('video player', () => {
  it('starts muted, looping and inline, loading metadata only', () => {
    render(<VideoPlayer src="/media/clip.webm" label="Video posted by Kemi" />);
    const video = screen.getByLabelText<HTMLVideoElement>('Video posted by Kemi');
    expect(video.muted).toBe(true);
    expect(video.loop).toBe(true);
    expect(video).toHaveAttribute('playsinline');
    expect(video).toHaveAttribute('preload', 'metadata');
    expect(options?.threshold).toContain(0.5);
  });

  it('shows the post’s poster frame until it plays, and none when the post has none', () => {
    const { unmount } = render(
      <VideoPlayer src="/media/clip.mp4" poster="/media/clip.poster.jpg" label="Clip" />,
    );
    expect(screen.getByLabelText('Clip')).toHaveAttribute('poster', '/media/clip.poster.jpg');
    unmount();
    render(<VideoPlayer src="/media/old.mp4" poster={null} label="Old clip" />);
    expect(screen.getByLabelText('Old clip')).not.toHaveAttribute('poster');
  });

  it('plays when half of it is visible and pauses when it is not', () => {
    render(<VideoPlayer src="/media/clip.webm" label="Clip" />);
    const video = screen.getByLabelText<HTMLVideoElement>('Clip');
    seen(0.6);
    expect(video.paused).toBe(false);
    expect(screen.getByRole('button', { name: 'Pause video' })).toBeInTheDocument();
    seen(0.3);
    expect(video.paused).toBe(true);
    expect(screen.getByRole('button', { name: 'Play video' })).toBeInTheDocument();
  });

  it('toggles play and pause on a click, and the sound with the mute button', async () => {
    render(<VideoPlayer src="/media/clip.webm" label="Clip" />);
    const video = screen.getByLabelText<HTMLVideoElement>('Clip');
    await userEvent.click(video);
    expect(video.paused).toBe(false);
    await userEvent.click(video);
    expect(video.paused).toBe(true);
    // Paused by the viewer: it stays paused while it remains on screen.
    seen(0.9);
    expect(video.paused).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Unmute video' }));
    expect(video.muted).toBe(false);
    expect(screen.getByRole('button', { name: 'Mute video' })).toBeInTheDocument();
  });
});
