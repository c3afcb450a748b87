import { LIMITS, MESSAGES } from '@touchline/shared';

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
export const IMAGE_ACCEPT = IMAGE_TYPES.join(',');

export const IMAGE_TOO_LARGE = 'Image must be at most 10 MB';

/**
 * Why a chosen picture cannot be sent (spec §5: JPEG, PNG or WebP), or null. The server checks
 * the content again; this spares the user an upload that would be refused.
 */
export function imageProblem(file: File): string | null {
  if (!IMAGE_TYPES.includes(file.type)) return MESSAGES.invalidImageType;
  if (file.size > LIMITS.imageMaxBytes) return IMAGE_TOO_LARGE;
  return null;
}
