/**
 * Responsive sources for stored images. The API answers an image's `display` URL
 * (`/media/images/<id>.display.<ext>`); its smaller `thumb` version sits beside it
 * (`…thumb.<ext>`), so a `srcset` offers both and the browser picks by the shown size and screen
 * density. The server answers WebP copies of both to browsers that accept WebP (same URLs).
 * Widths are the processing sizes of each kind of image (services/api: posts.rules.ts,
 * trials.service.ts, profiles.service.ts); for pictures fitted inside a box they are the largest
 * width, which is what the browser needs to choose.
 */
export type ImageWidths = { thumb: number; display: number };

export const IMAGE_WIDTHS = {
  /** Post pictures and trial posters: fitted inside 480 and 1280 px squares. */
  post: { thumb: 480, display: 1280 },
  /** Profile cover photos: cropped to 600×200 and 1500×500. */
  cover: { thumb: 600, display: 1500 },
  /** Achievement pictures: 320 and 1200 px. */
  achievement: { thumb: 320, display: 1200 },
} as const satisfies Record<string, ImageWidths>;

const DISPLAY_URL = /^(\/media\/images\/[^/?#]+)\.display\.(jpg|png|webp)$/;

/** `srcset` for a stored image's display URL, or undefined for any other URL. */
export function mediaSrcSet(url: string | null | undefined, widths: ImageWidths) {
  const match = url ? DISPLAY_URL.exec(url) : null;
  if (!match) return undefined;
  return `${match[1]}.thumb.${match[2]} ${widths.thumb}w, ${url} ${widths.display}w`;
}
