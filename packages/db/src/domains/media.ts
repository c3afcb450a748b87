/** Uploaded media objects (and `MediaRef`, a joined media row as the API shapes its URLs). */
export type { MediaRef } from '../sql';
export * from '../repositories/media.repository';
/** Stored files no committed row references (uploads in flight, deleted pictures' files). */
export * from '../repositories/unclaimed-files.repository';
