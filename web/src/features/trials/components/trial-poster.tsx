import { Trophy } from 'lucide-react';
import { IMAGE_WIDTHS, mediaSrcSet } from '@/components/ui/media-srcset';

/** The trial's poster, or a green pitch-coloured panel with a trophy when it has none. */
export function TrialPoster({
  image,
  className = '',
  iconClassName = 'size-10',
  sizes = '(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw',
}: {
  image: string | null;
  className?: string;
  iconClassName?: string;
  /** How wide the poster is shown (`sizes`): the browser picks the thumbnail when it is enough. */
  sizes?: string;
}) {
  if (image) {
    return (
      <img
        src={image}
        srcSet={mediaSrcSet(image, IMAGE_WIDTHS.post)}
        sizes={sizes}
        alt=""
        className={`object-cover ${className}`}
        loading="lazy"
        decoding="async"
      />
    );
  }
  return (
    <div
      aria-hidden="true"
      className={`flex items-center justify-center bg-gradient-to-br from-brand-600 via-brand-700 to-brand-900 text-white/80 ${className}`}
    >
      <Trophy className={iconClassName} />
    </div>
  );
}
