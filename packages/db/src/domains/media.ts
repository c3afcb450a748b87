/** Uploaded media objects. */
export * from '../repositories/media.repository';
