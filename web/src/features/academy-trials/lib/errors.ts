import { ApiError } from '@/lib/api-client';

/** What a failed save or action shows: the server's message for a 4xx, else a general one. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 413) return 'The poster is too large (10 MB at most)';
    if (error.status < 500 && error.message) return error.message;
  }
  return 'Server error try again later';
}
