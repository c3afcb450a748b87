import type { Person } from '@touchline/shared';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { UserAvatar } from '@/components/ui/user-avatar';
import { profilePath } from '@/config/paths';

/** 'district, state · football, basketball' — whatever of it is known. */
export function personDetails(person: Pick<Person, 'district' | 'state' | 'sports'>): string {
  const place = [person.district, person.state].filter(Boolean).join(', ');
  const sports = person.sports.join(', ');
  return [place, sports].filter(Boolean).join(' · ');
}

/** One person in a list: photo and name (both open their profile), details and actions. */
export function PersonRow({ person, actions }: { person: Person; actions?: ReactNode }) {
  const href = profilePath(person.id, person.role);
  const details = personDetails(person);
  return (
    <li className="flex flex-wrap items-center gap-3 px-4 py-3 sm:flex-nowrap sm:px-5">
      <Link href={href} className="flex min-w-0 flex-1 items-center gap-3 rounded-lg">
        <UserAvatar src={person.photo_url} className="size-11" />
        <span className="min-w-0">
          <span className="block truncate font-semibold text-slate-900 hover:underline">
            {person.username}
          </span>
          {details ? (
            <span className="block truncate text-sm text-slate-500 capitalize">{details}</span>
          ) : null}
        </span>
      </Link>
      {actions ? (
        <div className="flex w-full shrink-0 gap-2 pl-14 sm:w-auto sm:pl-0">{actions}</div>
      ) : null}
    </li>
  );
}
