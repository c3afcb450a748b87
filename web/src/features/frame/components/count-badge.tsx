/** Shown instead of larger counts, so the badge stays round. */
export const BADGE_MAX = 99;

/** A count as the badge shows it: `99+` above the cap. */
export const badgeText = (count: number) => (count > BADGE_MAX ? `${BADGE_MAX}+` : String(count));

/** A finite, whole, non-negative count (anything else counts as nothing). */
export const unreadOf = (count: number) =>
  Number.isFinite(count) && count > 0 ? Math.floor(count) : 0;

/**
 * The red count on the bell and the Messages links: hidden from screen readers (the link's name
 * says it: 'Notifications, 3 unread'), and not shown at all for 0. `className` places it.
 */
export function CountBadge({
  count,
  testId,
  className = '',
}: {
  count: number;
  testId: string;
  className?: string;
}) {
  const unread = unreadOf(count);
  if (!unread) return null;
  return (
    <span
      data-testid={testId}
      aria-hidden="true"
      className={`absolute flex h-[1.125rem] min-w-[1.125rem] items-center justify-center rounded-full bg-red-600 px-1 text-[0.6875rem] leading-none font-bold text-white ring-2 ring-white ${className}`}
    >
      {badgeText(unread)}
    </span>
  );
}
