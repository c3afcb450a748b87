import { UserX } from 'lucide-react';
import { Link } from 'wouter';

/**
 * A 404 answer for someone's profile or posts: unknown, blocked or deactivated — the page does
 * not say which. `body` says what is missing (the profile by default).
 */
export function ProfileUnavailable({
  homeHref,
  body = 'This profile may have been removed, or it is not visible to you.',
}: {
  homeHref: string;
  body?: string;
}) {
  return (
    <div className="card mx-auto max-w-lg px-6 py-12 text-center">
      <div className="mx-auto flex size-14 items-center justify-center rounded-2xl bg-slate-100 text-slate-500">
        <UserX className="size-7" aria-hidden="true" />
      </div>
      <h1 className="mt-5 text-xl font-bold tracking-tight text-slate-900">
        Profile not available
      </h1>
      <p className="mt-2 text-sm leading-relaxed text-slate-600">{body}</p>
      <Link href={homeHref} className="btn btn-secondary mt-6">
        Back to home
      </Link>
    </div>
  );
}
