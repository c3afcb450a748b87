import { Search } from 'lucide-react';
import type { FormEvent } from 'react';
import { useId, useState } from 'react';
import { useLocation, useSearch } from 'wouter';

export const SEARCH_PATH = '/search';

/**
 * The top bar's search box (spec §2: placeholder 'Search'). Submitting opens `/search?q=<text>`.
 * This is the seam for the search feature: `AppFrame` takes any element as its `search` slot, so
 * the box with suggestions replaces this one without touching the frame.
 */
export function TopBarSearch() {
  const [path, navigate] = useLocation();
  const query = useSearch();
  const id = useId();
  const [text, setText] = useState(() =>
    path === SEARCH_PATH ? (new URLSearchParams(query).get('q') ?? '') : '',
  );

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = text.trim();
    if (q) navigate(`${SEARCH_PATH}?q=${encodeURIComponent(q)}`);
  };

  return (
    <form role="search" onSubmit={submit} className="relative w-full">
      <label htmlFor={id} className="sr-only">
        Search
      </label>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
      />
      <input
        id={id}
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder="Search"
        enterKeyHint="search"
        autoComplete="off"
        className="h-10 w-full rounded-full border border-transparent bg-slate-100 pr-4 pl-9 text-sm text-slate-900 placeholder:text-slate-500 transition-colors hover:bg-slate-200/70 focus:border-slate-300 focus:bg-white focus:outline-none focus-visible:outline-2"
      />
    </form>
  );
}
