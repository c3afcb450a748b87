import { AUTH_MESSAGES, LICENCE_TYPES, LIMITS } from '@touchline/shared';

const LICENCE_EXTENSIONS = ['.pdf', '.jpg', '.jpeg', '.png'];

/** What the file picker offers: the licence's types (supplement §1). */
export const LICENCE_ACCEPT = [...LICENCE_TYPES, ...LICENCE_EXTENSIONS].join(',');

/**
 * The client-side licence check before anything is sent: present, PDF / JPEG / PNG, at most
 * 10 MB. The server checks the content again; a file with no type falls back to its name here.
 */
export function licenceProblem(file: File | null | undefined): string | null {
  if (!file) return AUTH_MESSAGES.licenceRequired;
  const name = file.name.toLowerCase();
  const typeOk = file.type
    ? (LICENCE_TYPES as readonly string[]).includes(file.type)
    : LICENCE_EXTENSIONS.some((extension) => name.endsWith(extension));
  if (!typeOk) return AUTH_MESSAGES.licenceType;
  if (file.size > LIMITS.licenceMaxBytes) return AUTH_MESSAGES.licenceSize;
  return null;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
