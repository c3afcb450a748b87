import { Trophy } from 'lucide-react';

/**
 * Where a trial has no poster: a pitch-green panel with a trophy and the words 'No poster', so the
 * academy sees a deliberate placeholder (and that a poster can be added), not an empty box.
 */
export function PosterPlaceholder({ compact = false }: { compact?: boolean }) {
  return (
    <div
      role="img"
      aria-label="No poster"
      className="flex size-full flex-col items-center justify-center gap-1 bg-gradient-to-br from-academy-600 via-academy-700 to-academy-800 text-white/90"
    >
      <Trophy className={compact ? 'size-7' : 'size-10'} aria-hidden="true" />
      <span className={compact ? 'text-[11px] font-medium' : 'text-sm font-medium'}>No poster</span>
    </div>
  );
}
