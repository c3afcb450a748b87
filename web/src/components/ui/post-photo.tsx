import { IMAGE_WIDTHS, mediaSrcSet } from './media-srcset';

export type PostPhotoProps = {
  src: string;
  alt: string;
  /** The first picture on screen (the page's largest paint): loaded at once, not lazily. */
  priority?: boolean;
  className?: string;
};

/** The feed column's width: the whole phone screen, beside the menus on wider screens. */
export const POST_PHOTO_SIZES = '(min-width: 1024px) 560px, (min-width: 768px) 65vw, 100vw';

/**
 * A post's picture in a fixed 4:3 frame (the picture fitted inside it), so the card keeps its
 * height while the picture loads and nothing below it moves. The browser picks the thumbnail or
 * the display version for the column width (`srcset`), lazily below the fold.
 */
export function PostPhoto({ src, alt, priority = false, className = '' }: PostPhotoProps) {
  return (
    <img
      src={src}
      srcSet={mediaSrcSet(src, IMAGE_WIDTHS.post)}
      sizes={POST_PHOTO_SIZES}
      alt={alt}
      width={1280}
      height={960}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding="async"
      className={`mx-auto block aspect-[4/3] h-auto max-h-[36rem] w-full object-contain ${className}`}
    />
  );
}
