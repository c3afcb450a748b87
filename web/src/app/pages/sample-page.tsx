import { Skeleton, SkeletonCard, SkeletonRow } from '@/components/skeleton';

/** `/sample`: the skeleton placeholder of a full page (spec §2). */
export default function SamplePage() {
  return (
    <div role="status" aria-label="Loading page" className="min-h-dvh bg-slate-50">
      <div className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4">
          <Skeleton className="size-9" rounded="rounded-lg" />
          <Skeleton className="hidden h-9 w-64 sm:block" rounded="rounded-full" />
          <div className="ml-auto flex items-center gap-3">
            <Skeleton className="hidden h-4 w-16 md:block" />
            <Skeleton className="hidden h-4 w-16 md:block" />
            <Skeleton className="size-9" rounded="rounded-full" />
          </div>
        </div>
      </div>
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-6 lg:grid-cols-[16rem_1fr_18rem]">
        <aside className="hidden lg:block">
          <div className="card p-5">
            <Skeleton className="mx-auto size-20" rounded="rounded-full" />
            <Skeleton className="mx-auto mt-4 h-4 w-32" />
            <Skeleton className="mx-auto mt-2 h-3 w-24" />
            <div className="mt-5 grid grid-cols-3 gap-2">
              <Skeleton className="h-10" />
              <Skeleton className="h-10" />
              <Skeleton className="h-10" />
            </div>
          </div>
        </aside>
        <main className="space-y-4">
          <SkeletonCard />
          <SkeletonCard />
        </main>
        <aside className="hidden space-y-3 lg:block">
          {[0, 1, 2, 3].map((row) => (
            <SkeletonRow
              key={row}
              className="card p-3"
              media="size-12 shrink-0"
              rounded="rounded-lg"
              lines={['h-3.5 w-3/4', 'h-3 w-1/2']}
            />
          ))}
        </aside>
      </div>
      <span className="sr-only">Loading…</span>
    </div>
  );
}
