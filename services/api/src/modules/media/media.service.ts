import { getMediaObject, type Database } from '@touchline/db';
import type { StorageDriver } from '@touchline/drivers';

/** Turns stored media ids into the URLs the browser loads. */
export function createMediaService(deps: { db: Database; storage: StorageDriver }) {
  return {
    /** A public object's display URL (its processed display size when ready), or null. */
    async publicUrl(mediaId: string | null): Promise<string | null> {
      if (!mediaId) return null;
      const media = await getMediaObject(deps.db, mediaId);
      if (!media || media.visibility !== 'public') return null;
      return deps.storage.publicUrl(media.variants.display ?? media.key);
    },
  };
}

export type MediaService = ReturnType<typeof createMediaService>;
