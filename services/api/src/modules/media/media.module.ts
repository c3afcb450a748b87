import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mediaRoutes } from './media.routes';
import { createMediaService, type MediaService } from './media.service';

/** What other modules may ask of media: public URLs of stored pictures, one or many at once. */
export type MediaUrls = Pick<MediaService, 'publicUrl' | 'publicUrls'>;

/** Media URLs built from the root's database and storage (profiles, social, search, auth…). */
export function mediaUrlsFrom(app: FastifyInstance): MediaUrls {
  return createMediaService({ db: app.db, storage: app.drivers.storage });
}

/** Media: public files and signed private files (`/media/…`, outside `/api`). */
export const mediaModule: FastifyPluginAsyncZod = async (app) => {
  // Public: a private file is protected by its signed URL, not by a session.
  await app.register(mediaRoutes);
};
