import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { serverFieldErrors } from './errors';

/**
 * Puts the server's per-field messages under the fields of a form. Answers whether any of
 * `names` got a message.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  names: readonly Path<T>[],
  setError: UseFormSetError<T>,
): boolean {
  const fields = serverFieldErrors(error);
  let applied = false;
  for (const name of names) {
    const message = fields[name];
    if (message) {
      setError(name, { type: 'server', message });
      applied = true;
    }
  }
  return applied;
}
