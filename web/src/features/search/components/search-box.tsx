import { Search } from 'lucide-react';
import type { FormEvent, KeyboardEvent } from 'react';
import { useId, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { useDismiss } from '@/components/ui/use-dismiss';
import { useSuggestions } from '../api/get-suggestions';
import { searchPath, searchResultPath } from '@/config/paths';
import { ResultThumb } from './result-thumb';

type Option = { key: string; label: string; href: string };

/** At most this many suggestions show (spec §9); the API sends one more to tell there are more. */
const MAX_SUGGESTIONS = 7;

/**
 * The top bar's search box with suggestions (spec §2, §4, §9): a lookup on every change from one
 * character, at most 7 suggestions plus 'See All' when there are more; choosing one clears the
 * text and the list. A combobox: arrows move, Enter chooses (or opens all results), Escape closes.
 */
export function SearchBox() {
  const [, navigate] = useLocation();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const root = useRef<HTMLFormElement>(null);
  const id = useId();
  const listId = `${id}-list`;

  const q = text.trim();
  const { data, isError } = useSuggestions(q);
  const suggestions = q && !isError && data ? data.slice(0, MAX_SUGGESTIONS) : [];
  const hasMore = Boolean(q && !isError && data && data.length > MAX_SUGGESTIONS);
  const options: Option[] = suggestions.map((s) => ({
    key: `${s.type}-${s.id}`,
    label: s.name,
    href: searchResultPath(s),
  }));
  if (hasMore) options.push({ key: 'see-all', label: 'See All', href: searchPath(q) });
  const expanded = open && options.length > 0;

  useDismiss([root], expanded, () => setOpen(false));

  const choose = (href: string) => {
    setText('');
    setOpen(false);
    setActive(-1);
    navigate(href);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const option = expanded ? options[active] : undefined;
    if (option) choose(option.href);
    else if (q) choose(searchPath(q));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      if (expanded) event.preventDefault();
      setOpen(false);
      setActive(-1);
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    if (!expanded) {
      setOpen(true);
      return;
    }
    const step = event.key === 'ArrowDown' ? 1 : -1;
    // -1 is the text itself; the cycle runs through it.
    setActive((current) => ((current + 1 + step + options.length + 1) % (options.length + 1)) - 1);
  };

  const optionId = (index: number) => `${id}-option-${index}`;

  return (
    <form ref={root} role="search" onSubmit={submit} className="relative w-full">
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
        role="combobox"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
        placeholder="Search"
        enterKeyHint="search"
        autoComplete="off"
        className="h-10 w-full rounded-full border border-transparent bg-slate-100 pr-4 pl-9 text-sm text-slate-900 transition-colors placeholder:text-slate-500 hover:bg-slate-200/70 focus:border-slate-300 focus:bg-white focus:outline-none focus-visible:outline-2"
      />
      <ul
        id={listId}
        role="listbox"
        aria-label="Search suggestions"
        hidden={!expanded}
        className="absolute inset-x-0 top-full z-40 mt-2 max-h-[15rem] min-w-64 overflow-y-auto rounded-xl border border-slate-200 bg-white py-1 shadow-lg"
      >
        {options.map((option, index) => {
          const suggestion = suggestions[index];
          const selected = index === active;
          return (
            <li
              key={option.key}
              id={optionId(index)}
              role="option"
              aria-selected={selected}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(option.href)}
              onMouseEnter={() => setActive(index)}
              className={`flex cursor-pointer items-center gap-3 px-3 py-2 text-sm ${
                selected ? 'bg-slate-100' : ''
              } ${suggestion ? '' : 'justify-center border-t border-slate-100 font-semibold text-slate-700'}`}
            >
              {suggestion ? (
                <>
                  <ResultThumb type={suggestion.type} photoUrl={suggestion.photoUrl} />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-medium text-slate-900">
                      {suggestion.name}
                    </span>
                    <span className="block text-xs text-slate-500">{suggestion.type}</span>
                  </span>
                </>
              ) : (
                option.label
              )}
            </li>
          );
        })}
      </ul>
    </form>
  );
}
