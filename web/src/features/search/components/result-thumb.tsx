import { Trophy } from 'lucide-react';
import { UserAvatar } from '@/components/ui/user-avatar';

/** A result's photo, or the placeholder of its type (spec §3: placeholder when missing). */
export function ResultThumb({
  type,
  photoUrl,
  className = 'size-9',
}: {
  type: 'Trial' | 'Player' | 'Academy';
  photoUrl?: string;
  className?: string;
}) {
  if (type === 'Trial' && !photoUrl) {
    return (
      <span
        aria-hidden="true"
        className={`inline-flex shrink-0 items-center justify-center rounded-lg bg-amber-50 text-amber-600 ${className}`}
      >
        <Trophy className="size-1/2" />
      </span>
    );
  }
  return (
    <UserAvatar src={photoUrl} className={`${type === 'Trial' ? 'rounded-lg' : ''} ${className}`} />
  );
}
