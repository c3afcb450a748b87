import type { Database } from '@touchline/db';
import { getMediaObject, getMediaObjectsByIds, type MediaObjectRow } from '@touchline/db/media';
import type { StorageDriver } from '@touchline/drivers';

/** Turns stored media ids into the URLs the browser loads. */
export function createMediaService(deps: { db: Database; storage: StorageDriver }) {
  const urlOf = (media: MediaObjectRow | null | undefined, variant: 'display' | 'thumb') => {
    if (!media || media.visibility !== 'public') return null;
    return deps.storage.publicUrl(media.variants[variant] ?? media.variants.display ?? media.key);
  };

  return {
    /** A public object's display URL (its processed display size when ready), or null. */
    async publicUrl(mediaId: string | null): Promise<string | null> {
      if (!mediaId) return null;
      return urlOf(await getMediaObject(deps.db, mediaId), 'display');
    },

    /** URLs for many ids in one query: id → URL (absent when private or unknown). */
    async publicUrls(mediaIds: readonly (string | null)[], variant: 'display' | 'thumb' = 'thumb') {
      const ids = [...new Set(mediaIds.filter((id): id is string => Boolean(id)))];
      const rows = await getMediaObjectsByIds(deps.db, ids);
      const urls = new Map<string, string>();
      for (const row of rows) {
        const url = urlOf(row, variant);
        if (url) urls.set(row.id, url);
      }
      return urls;
    },
  };
}

export type MediaService = ReturnType<typeof createMediaService>;
