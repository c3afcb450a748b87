export { fieldErrors } from '@/lib/field-errors';

export function errorMessage(error: unknown, fallback = 'Something went wrong, try again'): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
