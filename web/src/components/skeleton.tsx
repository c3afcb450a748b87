/** Grey pulsing blocks for content that is still loading. */
export function Skeleton({
  className = '',
  rounded = 'rounded-md',
}: {
  className?: string;
  /** Corner class (`rounded-full` for avatars and pills). */
  rounded?: string;
}) {
  return <div aria-hidden="true" className={`animate-pulse bg-skeleton ${rounded} ${className}`} />;
}

/** One post-shaped card of skeletons. */
export function SkeletonCard() {
  return (
    <div className="card p-4 sm:p-5" data-testid="skeleton-card">
      <div className="flex items-center gap-3">
        <Skeleton className="size-11 shrink-0" rounded="rounded-full" />
        <div className="flex-1 space-y-2">
          <Skeleton className="h-3.5 w-2/5" />
          <Skeleton className="h-3 w-1/4" />
        </div>
      </div>
      <div className="mt-4 space-y-2">
        <Skeleton className="h-3 w-full" />
        <Skeleton className="h-3 w-11/12" />
        <Skeleton className="h-3 w-3/5" />
      </div>
      <Skeleton className="mt-4 h-40 w-full sm:h-48" rounded="rounded-xl" />
    </div>
  );
}

/** A skeleton of a picture (or avatar) beside two lines of text. */
export function SkeletonRow({
  className = '',
  media,
  rounded,
  lines,
  spacing = 'space-y-2',
}: {
  className?: string;
  media: string;
  rounded: string;
  lines: readonly [string, string];
  spacing?: string;
}) {
  return (
    <div className={`flex items-center gap-3 ${className}`}>
      <Skeleton className={media} rounded={rounded} />
      <div className={`flex-1 ${spacing}`}>
        <Skeleton className={lines[0]} />
        <Skeleton className={lines[1]} />
      </div>
    </div>
  );
}
