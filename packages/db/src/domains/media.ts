/** Uploaded media objects. */
export * from '../repositories/media.repository';
/** Stored files no committed row references (uploads in flight, deleted pictures' files). */
export * from '../repositories/unclaimed-files.repository';
