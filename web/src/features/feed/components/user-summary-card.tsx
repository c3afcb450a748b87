import type { HomeUser } from '@touchline/shared';
import { BriefcaseBusiness } from 'lucide-react';
import { Link } from 'wouter';
import { ACCENTS } from '@/components/layout/role-accent';
import { UserAvatar } from '@/components/ui/user-avatar';

/**
 * The home page's user summary (spec §2 'User summary card', supplement §2): photo or a
 * placeholder with the 'Open to Work' badge, name, position when known, bio, and the counts —
 * Friends for players, Followers for academies. Photo, name, position and bio open the profile.
 */
export function UserSummaryCard({ user, position }: { user: HomeUser; position: string | null }) {
  const academy = user.role === 'academy';
  const accent = academy ? ACCENTS.academy : ACCENTS.player;
  const profile = academy ? '/academy/profile' : '/profile';
  const counts = [
    academy
      ? { label: 'Followers', value: user.followers_count, href: null }
      : { label: 'Friends', value: user.friends_count, href: '/friends' },
    { label: 'Posts', value: user.post_count, href: '/view_posts' },
    { label: 'Achievements', value: user.achievements_count, href: '/view_achievements' },
  ];

  return (
    <section aria-label="Your summary" className="card overflow-hidden">
      <div className={`h-16 bg-gradient-to-br ${accent.gradient}`} aria-hidden="true" />
      <Link href={profile} className="group -mt-10 block px-5 pb-4 text-center">
        <span className="relative mx-auto inline-block rounded-full bg-white p-1 shadow-sm">
          <UserAvatar src={user.profile_photo} className="size-20 text-3xl" />
          {!academy && user.open_to_work ? (
            <span className="absolute -bottom-1 left-1/2 inline-flex -translate-x-1/2 items-center gap-1 rounded-full bg-amber-400 px-2 py-0.5 text-[10px] font-bold whitespace-nowrap text-amber-950 shadow ring-2 ring-white">
              <BriefcaseBusiness className="size-3" aria-hidden="true" />
              Open to Work
            </span>
          ) : null}
        </span>
        <p className="mt-3 text-sm text-slate-500">
          Name:{' '}
          <span className="font-semibold text-slate-900 group-hover:underline">
            {user.username}
          </span>
        </p>
        {position ? (
          <p className="mt-0.5 text-sm text-slate-500">
            Position: <span className="font-medium text-slate-800">{position}</span>
          </p>
        ) : null}
        {user.bio ? (
          <p className="mt-2 line-clamp-3 text-sm leading-relaxed text-slate-600">{user.bio}</p>
        ) : null}
      </Link>
      <dl className="grid grid-cols-3 divide-x divide-slate-100 border-t border-slate-100 text-center">
        {counts.map((count) => (
          // dt and dd sit directly in the group (axe: definition-list); a linked count's label
          // is a link stretched over its whole cell.
          <div
            key={count.label}
            className={`relative flex flex-col-reverse py-3 ${
              count.href ? `transition-colors hover:bg-slate-50 ${accent.hoverText}` : ''
            }`}
          >
            <dt className="text-[11px] font-medium text-slate-500">
              {count.href ? (
                <Link href={count.href} className="after:absolute after:inset-0">
                  {count.label}
                </Link>
              ) : (
                count.label
              )}
            </dt>
            <dd className="text-base font-bold text-slate-900 tabular-nums">{count.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
