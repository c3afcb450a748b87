import { SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { MessageButton } from '@/components/message-button';
import { EmptyCard, PagedList } from '@/components/paged-list';
import type { SearchResult, SearchTab } from '@/api/search/get-search-results';
import { useSearchResults } from '@/api/search/get-search-results';
import { SEARCH_PATH, searchResultPath } from '@/config/paths';
import { ResultThumb } from './result-thumb';

const TABS: readonly { id: SearchTab; label: string }[] = [
  { id: 'all', label: 'All' },
  { id: 'players', label: 'Players' },
  { id: 'academies', label: 'Academies' },
  { id: 'trials', label: 'Trials' },
];

const isTab = (value: string | null): value is SearchTab => TABS.some((tab) => tab.id === value);

/**
 * `/search?q=&type=`: every result for the text, with tabs All / Players / Academies / Trials,
 * 'Load more' and, on each row, whatever `actions` gives, 'Message' for a person it can work for
 * (the server decides; a refusal shows its reason) and View (supplement §9).
 */
export function SearchResultsScreen({
  actions,
}: {
  actions?: (result: SearchResult) => ReactNode;
}) {
  const params = new URLSearchParams(useSearch());
  const [, navigate] = useLocation();
  const q = (params.get('q') ?? '').trim();
  const typeParam = params.get('type');
  const tab: SearchTab = isTab(typeParam) ? typeParam : 'all';

  const selectTab = (next: SearchTab) => {
    const query = new URLSearchParams({ q });
    if (next !== 'all') query.set('type', next);
    navigate(`${SEARCH_PATH}?${query.toString()}`, { replace: true });
  };

  return (
    <>
      <header className="mb-5">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">
          {q ? (
            <>
              Results for <span className="text-slate-600">‘{q}’</span>
            </>
          ) : (
            'Search'
          )}
        </h1>
        <div
          role="tablist"
          aria-label="Result types"
          className="mt-4 inline-flex gap-1 rounded-xl bg-slate-100 p-1"
        >
          {TABS.map((item) => (
            <button
              key={item.id}
              type="button"
              role="tab"
              aria-selected={tab === item.id}
              onClick={() => selectTab(item.id)}
              className={`rounded-lg px-3 py-2 text-sm font-medium transition-colors sm:px-4 ${
                tab === item.id
                  ? 'bg-white text-slate-900 shadow-sm'
                  : 'text-slate-600 hover:text-slate-900'
              }`}
            >
              {item.label}
            </button>
          ))}
        </div>
      </header>
      <div role="tabpanel" aria-label={TABS.find((item) => item.id === tab)?.label}>
        {q ? (
          <ResultList q={q} tab={tab} actions={actions} />
        ) : (
          <Empty
            title="Search Touchline"
            text="Type a name in the search box to find players, academies and trials."
          />
        )}
      </div>
    </>
  );
}

function ResultList({
  q,
  tab,
  actions,
}: {
  q: string;
  tab: SearchTab;
  actions?: (result: SearchResult) => ReactNode;
}) {
  const query = useSearchResults(q, tab);
  return (
    <PagedList
      query={query}
      items={query.data?.pages.flatMap((page) => page.results)}
      label="Search results"
      renderItem={(result) => (
        <ResultRow key={`${result.type}-${result.id}`} result={result} actions={actions} />
      )}
      errorText="Search is not available right now. Please try again."
      empty={
        <Empty
          title="No results"
          text={`Nothing matches ‘${q}’ here. Check the spelling or try another name.`}
        />
      }
    />
  );
}

const TYPE_BADGE: Record<SearchResult['type'], string> = {
  Player: 'bg-brand-50 text-brand-700',
  Academy: 'bg-academy-50 text-academy-700',
  Trial: 'bg-amber-50 text-amber-700',
};

function ResultRow({
  result,
  actions,
}: {
  result: SearchResult;
  actions?: (result: SearchResult) => ReactNode;
}) {
  const href = searchResultPath(result);
  return (
    <li className="flex flex-wrap items-center gap-3 px-4 py-3 sm:flex-nowrap sm:px-5">
      <Link href={href} className="flex min-w-0 flex-1 items-center gap-3 rounded-lg">
        <ResultThumb type={result.type} photoUrl={result.photoUrl} className="size-11" />
        <span className="min-w-0">
          <span className="flex items-center gap-2">
            <span className="truncate font-semibold text-slate-900 hover:underline">
              {result.name}
            </span>
            <span
              className={`shrink-0 rounded-md px-1.5 py-0.5 text-[0.6875rem] font-semibold ${TYPE_BADGE[result.type]}`}
            >
              {result.type}
            </span>
          </span>
          {result.subtitle ? (
            <span className="block truncate text-sm text-slate-500">{result.subtitle}</span>
          ) : null}
        </span>
      </Link>
      <div className="flex w-full shrink-0 gap-2 pl-14 sm:w-auto sm:pl-0">
        {actions?.(result)}
        {result.type === 'Trial' ? null : (
          <MessageButton
            variant="row"
            userId={result.id}
            name={result.name}
            role={result.type.toLowerCase()}
            relationship={result.relationship}
          />
        )}
        <Link
          href={href}
          className="btn btn-secondary px-3 py-2"
          aria-label={`View ${result.name}`}
        >
          View
        </Link>
      </div>
    </li>
  );
}

function Empty({ title, text }: { title: string; text: string }) {
  return <EmptyCard icon={SearchX} title={title} text={text} />;
}
