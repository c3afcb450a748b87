import { SkeletonCard } from './skeleton';

/** Four grey pulsing card skeletons (spec §2); the fallback while a screen loads. */
export function LoadingPlaceholder() {
  return (
    <div role="status" aria-live="polite" className="mx-auto w-full max-w-2xl space-y-4 px-4 py-6">
      <span className="sr-only">Loading…</span>
      {[0, 1, 2, 3].map((index) => (
        <SkeletonCard key={index} />
      ))}
    </div>
  );
}
