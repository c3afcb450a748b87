import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { Person } from '@touchline/shared';
import { Search } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { EmptyState } from '@/components/paged-list';
import { EmptyCard, PagedList } from '@/components/paged-list';
import { SEARCH_PATH } from '@/config/paths';
import { showNotice } from '@/lib/toast';
import type { PeoplePage } from '../api/people-list';
import { PersonRow } from './person-row';
import { SocialHeader } from './social-nav';

type PeopleListProps = {
  query: UseInfiniteQueryResult<InfiniteData<PeoplePage>>;
  label: string;
  empty: EmptyState;
  actions: (person: Person) => ReactNode;
};

/** A paged people list with its loading, error and empty states and 'Load more'. */
export function PeopleList({ query, label, empty, actions }: PeopleListProps) {
  return (
    <PagedList
      query={query}
      items={query.data?.pages.flatMap((page) => page.results)}
      label={label}
      renderItem={(person) => (
        <PersonRow key={person.id} person={person} actions={actions(person)} />
      )}
      errorText="We could not load this list. Please try again."
      empty={<EmptyCard {...empty} />}
    />
  );
}

/** One of the friends pages: its heading and the pages' tabs, then its people list. */
export function PeopleScreen({
  title,
  intro,
  ...list
}: PeopleListProps & { title: string; intro: string }) {
  return (
    <>
      <SocialHeader title={title} intro={intro} />
      <PeopleList {...list} />
    </>
  );
}

/** An empty list's way on: the search page, 'Find players' or 'Find academies'. */
export function FindPeopleLink({ label }: { label: string }) {
  return (
    <Link href={SEARCH_PATH} className="btn btn-secondary">
      <Search aria-hidden="true" className="size-4" />
      {label}
    </Link>
  );
}

/** A row's relationship change that failed says why. */
export function showRowError(error: Error) {
  showNotice(error.message, 'error');
}
