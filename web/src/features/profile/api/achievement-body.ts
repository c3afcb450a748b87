/** The fields of an achievement form, as sent (JSON, or multipart when an image goes along). */
export type AchievementBody = {
  title: string;
  organisation: string | null;
  issued_month: number;
  issued_year: number;
  description: string | null;
  image?: File | null;
  remove_image?: boolean;
};

/** JSON without an image; multipart (the image as `image`) with one. */
export function achievementPayload(body: AchievementBody): FormData | Record<string, unknown> {
  const { image, ...fields } = body;
  if (!image) return fields;
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined) form.append(key, value === null ? '' : String(value));
  }
  form.append('image', image);
  return form;
}
