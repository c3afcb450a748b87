import type { ProfileView } from '@touchline/shared';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { profilePath } from '../lib/format';

/** Title of an achievements or experience list, whose it is, a way back and the add button. */
export function ListHeader({
  title,
  profile,
  action,
}: {
  title: string;
  profile: ProfileView | undefined;
  action?: ReactNode;
}) {
  return (
    <header className="mb-5">
      {profile ? (
        <Link
          href={profilePath(profile.role, profile.is_own ? null : profile.user_id)}
          className="inline-flex items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-slate-900"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          {profile.is_own ? 'Your profile' : profile.username}
        </Link>
      ) : null}
      <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
          {profile && !profile.is_own ? (
            <p className="text-sm text-slate-600">{profile.username}</p>
          ) : null}
        </div>
        {action}
      </div>
    </header>
  );
}

/** The empty state of a list. */
export function EmptyList({ icon, title, body }: { icon: ReactNode; title: string; body: string }) {
  return (
    <div className="card flex flex-col items-center px-6 py-12 text-center">
      <div className="flex size-12 items-center justify-center rounded-2xl bg-slate-100 text-slate-500">
        {icon}
      </div>
      <p className="mt-4 font-semibold text-slate-900">{title}</p>
      <p className="mt-1 max-w-sm text-sm text-slate-600">{body}</p>
    </div>
  );
}
