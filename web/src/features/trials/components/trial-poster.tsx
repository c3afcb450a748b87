import { Trophy } from 'lucide-react';

/** The trial's poster, or a green pitch-coloured panel with a trophy when it has none. */
export function TrialPoster({
  image,
  className = '',
  iconClassName = 'size-10',
}: {
  image: string | null;
  className?: string;
  iconClassName?: string;
}) {
  if (image) {
    return <img src={image} alt="" className={`object-cover ${className}`} loading="lazy" />;
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
