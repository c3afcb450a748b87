import { Building2, Check } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { useId, useState } from 'react';
import { FieldMessage } from '@/components/ui/field-message';
import { useAcademySearch } from '@/api/search/get-search-results';

type AcademyPickerProps = {
  name: string;
  academyId: string;
  onChange: (next: { academy_name: string; academy_id: string }) => void;
  error?: string;
};

/**
 * A combobox: type an academy's name and pick a registered one from the suggestions (its id is
 * kept, so the entry links to its profile), or keep the typed name for a team not on Touchline.
 */
export function AcademyPicker({ name, academyId, onChange, error }: AcademyPickerProps) {
  const inputId = useId();
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const search = useAcademySearch(open ? name : '');
  const hits = open && name.trim() ? (search.data ?? []) : [];

  const choose = (index: number) => {
    const hit = hits[index];
    if (!hit) return;
    onChange({ academy_name: hit.name, academy_id: hit.id });
    setOpen(false);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && hits.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((index) => (index + 1) % hits.length);
    } else if (event.key === 'ArrowUp' && hits.length > 0) {
      event.preventDefault();
      setActive((index) => (index - 1 + hits.length) % hits.length);
    } else if (event.key === 'Enter' && open && active >= 0) {
      event.preventDefault();
      choose(active);
    } else if (event.key === 'Escape' && open) {
      event.stopPropagation();
      setOpen(false);
    }
  };

  return (
    <div className="relative">
      <label htmlFor={inputId} className="field-label">
        Academy or team
      </label>
      <input
        id={inputId}
        role="combobox"
        aria-expanded={hits.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={active >= 0 && hits[active] ? `${listId}-${active}` : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${inputId}-message`}
        autoComplete="off"
        className="field-input"
        placeholder="Search registered academies or type a name"
        value={name}
        onChange={(event) => {
          onChange({ academy_name: event.target.value, academy_id: '' });
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      />
      {hits.length > 0 ? (
        <ul
          id={listId}
          role="listbox"
          aria-label="Registered academies"
          className="absolute z-30 mt-1 max-h-60 w-full overflow-y-auto rounded-xl border border-slate-200 bg-white py-1 shadow-lg"
        >
          {hits.map((hit, index) => (
            <li
              key={hit.id}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              className={`flex cursor-pointer items-center gap-3 px-3 py-2 text-sm ${index === active ? 'bg-slate-100' : 'hover:bg-slate-50'}`}
              onMouseDown={(event) => {
                event.preventDefault();
                choose(index);
              }}
            >
              <Building2 className="size-4 shrink-0 text-academy-600" aria-hidden="true" />
              <span className="min-w-0">
                <span className="block font-medium text-slate-900">{hit.name}</span>
                <span className="block truncate text-xs text-slate-500">{hit.subtitle}</span>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <FieldMessage
        id={`${inputId}-message`}
        error={error}
        hint={
          academyId ? (
            <span className="inline-flex items-center gap-1 text-academy-700">
              <Check className="size-3.5" aria-hidden="true" />
              Registered on Touchline
            </span>
          ) : name.trim() ? (
            'Not a registered academy — the name will be shown as typed.'
          ) : undefined
        }
      />
    </div>
  );
}
