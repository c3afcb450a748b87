import { Search, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { ADMIN_LIMITS } from '@touchline/shared';

/**
 * A labelled search input: `onSearch` gets the trimmed text a moment after typing stops, or at
 * once on Enter; the × clears it. Keep `value` as the applied search (reset paging on change).
 * When `value` changes from outside (the address's `?search=` after a link to the bare list),
 * the box shows it.
 */
export function SearchBox({
  label,
  placeholder,
  value,
  onSearch,
  delayMs = 300,
}: {
  label: string;
  placeholder?: string;
  value: string;
  onSearch: (search: string) => void;
  delayMs?: number;
}) {
  const id = useId();
  const [text, setText] = useState(value);
  // The last search this box knows of: the one it sent, or the one it was given. A `value` it
  // does not know came from outside and replaces the text (React's state adjustment in render).
  const [known, setKnown] = useState(value);
  if (value !== known) {
    setKnown(value);
    if (value !== text.trim()) setText(value);
  }
  const apply = (search: string) => {
    setKnown(search);
    onSearch(search);
  };
  const applyRef = useRef(apply);
  useEffect(() => {
    applyRef.current = apply;
  });

  useEffect(() => {
    const trimmed = text.trim();
    if (trimmed === value) return;
    const timer = setTimeout(() => applyRef.current(trimmed), delayMs);
    return () => clearTimeout(timer);
  }, [text, value, delayMs]);

  return (
    <form
      role="search"
      className="min-w-0 flex-1 sm:min-w-64"
      onSubmit={(event) => {
        event.preventDefault();
        apply(text.trim());
      }}
    >
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
        />
        <input
          id={id}
          type="search"
          value={text}
          maxLength={ADMIN_LIMITS.searchMaxLength}
          placeholder={placeholder}
          onChange={(event) => setText(event.target.value)}
          className="field-input pr-10 pl-9 focus:border-slate-700 focus:ring-slate-700/20 [&::-webkit-search-cancel-button]:hidden"
        />
        {text ? (
          <button
            type="button"
            aria-label="Clear search"
            onClick={() => {
              setText('');
              apply('');
            }}
            className="absolute top-1/2 right-1.5 inline-flex size-8 -translate-y-1/2 items-center justify-center rounded-md text-slate-400 hover:bg-slate-100 hover:text-slate-600"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        ) : null}
      </div>
    </form>
  );
}
