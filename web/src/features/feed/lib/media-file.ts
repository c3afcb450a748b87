import { IMAGE_TYPES, LIMITS, MESSAGES, POST_MESSAGES, VIDEO_TYPES } from '@touchline/shared';

export type MediaKind = 'image' | 'video';

export const ACCEPT: Record<MediaKind, string> = {
  image: IMAGE_TYPES.join(','),
  video: VIDEO_TYPES.join(','),
};

const ALLOWED: Record<MediaKind, readonly string[]> = { image: IMAGE_TYPES, video: VIDEO_TYPES };
const MAX_BYTES: Record<MediaKind, number> = {
  image: LIMITS.imageMaxBytes,
  video: LIMITS.videoMaxBytes,
};
const WRONG_TYPE: Record<MediaKind, string> = {
  image: MESSAGES.invalidImageType,
  video: MESSAGES.invalidVideoType,
};
const TOO_LARGE: Record<MediaKind, string> = {
  image: POST_MESSAGES.imageTooLarge,
  video: POST_MESSAGES.videoTooLarge,
};

/**
 * Why a chosen file cannot be posted (spec §5 texts for the type, supplement §4 for the size), or
 * null. The server checks the content again; this spares the user an upload it would refuse.
 */
export function mediaProblem(kind: MediaKind, file: File): string | null {
  if (!ALLOWED[kind].includes(file.type)) return WRONG_TYPE[kind];
  if (file.size > MAX_BYTES[kind]) return TOO_LARGE[kind];
  return null;
}

/** Spec §5: blank text and no media. */
export function postProblem(content: string, hasMedia: boolean): string | null {
  return content.trim() === '' && !hasMedia ? MESSAGES.postEmpty : null;
}
