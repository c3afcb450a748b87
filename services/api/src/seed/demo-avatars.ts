import type { Transaction } from '@touchline/db';
import { setProfilePhotoMedia } from '@touchline/db/profiles';
import type { UserRow } from '@touchline/db/users';
import type { StorageDriver } from '@touchline/drivers';
import {
  deleteStoredFiles,
  processImage,
  processedImageFiles,
  putProcessedImage,
  recordProcessedImage,
  type ProcessedImage,
} from '../modules/media/media.uploads';
import { PROFILE_IMAGE_VARIANTS } from '../modules/profiles/profiles.service';
import { renderDemoAvatar } from './demo-images';

/**
 * Profile pictures for part of the demo world (the academies and two players). Tunde (the demo
 * player login) and the youngest player keep the default avatar, so the product shows both and
 * the profile journey uploads Tunde's first photo itself.
 */
const AVATARS: Record<string, [initials: string, from: string, to: string]> = {
  'academy@touchline.test': ['LS', '#4338ca', '#6d28d9'],
  'hoops@touchline.test': ['AH', '#c2410c', '#ea580c'],
  'amaka@touchline.test': ['AO', '#0f766e', '#0891b2'],
  'kemi@touchline.test': ['KA', '#be185d', '#db2777'],
};

/** Renders, re-encodes and stores the pictures before the seed's transaction. */
export async function prepareDemoAvatars(storage: StorageDriver) {
  const avatars = new Map<string, ProcessedImage>();
  await Promise.all(
    Object.entries(AVATARS).map(async ([email, [initials, from, to]]) => {
      const image = await processImage(
        await renderDemoAvatar(initials, from, to),
        PROFILE_IMAGE_VARIANTS.photo,
      );
      avatars.set(email, image);
    }),
  );
  try {
    await Promise.all([...avatars.values()].map((image) => putProcessedImage(storage, image)));
  } catch (err) {
    await discardDemoAvatars(storage, avatars);
    throw err;
  }
  return avatars;
}

export const discardDemoAvatars = (storage: StorageDriver, avatars: Map<string, ProcessedImage>) =>
  deleteStoredFiles(storage, [...avatars.values()].flatMap(processedImageFiles));

/** Records each stored picture and makes it its owner's profile photo. */
export async function attachDemoAvatars(
  tx: Transaction,
  who: (email: string) => UserRow,
  avatars: Map<string, ProcessedImage>,
) {
  for (const [email, image] of avatars) {
    const owner = who(email);
    const media = await recordProcessedImage(tx, owner.id, image);
    await setProfilePhotoMedia(tx, owner.id, media.id);
  }
}
