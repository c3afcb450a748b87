import type { ReactNode } from 'react';

type ScrollTableProps = {
  /** Read by screen readers only. */
  caption: ReactNode;
  /** The header cells, left to right. */
  columns: readonly string[];
  /** The wrapper's margin, e.g. 'mt-4'. */
  className: string;
  /** The table's minimum width, e.g. 'min-w-[36rem]': narrower screens scroll it sideways. */
  minWidth: string;
  /** The `<tr>` rows. */
  children: ReactNode;
};

/**
 * A table that scrolls sideways on a phone, edge to edge, with a small uppercase header row and
 * divided rows. The first and last cells line up with the panel's padding from `sm` up.
 */
export function ScrollTable({ caption, columns, className, minWidth, children }: ScrollTableProps) {
  return (
    <div className={`-mx-4 ${className} overflow-x-auto sm:mx-0`}>
      <table className={`w-full ${minWidth} text-left text-sm`}>
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 text-xs font-semibold tracking-wide text-slate-500 uppercase">
          <tr>
            {columns.map((column, index) => (
              <th
                key={column}
                scope="col"
                className={
                  index === 0
                    ? 'px-4 py-2 sm:pl-0'
                    : index === columns.length - 1
                      ? 'px-4 py-2 sm:pr-0'
                      : 'px-3 py-2'
                }
              >
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}
