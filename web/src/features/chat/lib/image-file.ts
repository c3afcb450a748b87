import { IMAGE_TYPES, LIMITS, MESSAGES, POST_MESSAGES } from '@touchline/shared';

export const IMAGE_ACCEPT = IMAGE_TYPES.join(',');

/**
 * Why a picture cannot be sent (the post rules: JPEG, PNG or WebP, at most 10 MB), or null. The
 * server checks the content again; this spares an upload it would refuse.
 */
export function imageProblem(file: File): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return MESSAGES.invalidImageType;
  if (file.size > LIMITS.imageMaxBytes) return POST_MESSAGES.imageTooLarge;
  return null;
}
