import { capitalize } from '../lib/format';

/** A profile's sports as chips (nothing when there are none): the full header and the limited card. */
export function SportChips({ sports }: { sports: readonly string[] }) {
  if (sports.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Sports">
      {sports.map((sport) => (
        <li
          key={sport}
          className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700"
        >
          {capitalize(sport)}
        </li>
      ))}
    </ul>
  );
}
