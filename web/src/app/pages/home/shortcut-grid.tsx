import type { LucideIcon } from 'lucide-react';
import { ArrowRight } from 'lucide-react';
import { Link } from 'wouter';

export type Shortcut = { title: string; description: string; href: string; icon: LucideIcon };

/** A grid of links into the user's areas, each a card with an icon, a title and a line. */
export function ShortcutGrid({
  heading,
  shortcuts,
  tile,
  hoverText,
  wide = false,
}: {
  heading: string;
  shortcuts: readonly Shortcut[];
  /** Classes of the icon tile (the role's accent). */
  tile: string;
  hoverText: string;
  /** Two wide columns instead of three (for an even number of shortcuts). */
  wide?: boolean;
}) {
  return (
    <section aria-labelledby="shortcuts-heading" className="mt-8">
      <h2 id="shortcuts-heading" className="text-base font-semibold text-slate-900">
        {heading}
      </h2>
      <ul className={`mt-3 grid gap-3 sm:grid-cols-2 ${wide ? '' : 'lg:grid-cols-3'}`}>
        {shortcuts.map(({ title, description, href, icon: Icon }) => (
          <li key={href} className="flex">
            <Link
              href={href}
              className={`card group flex flex-1 items-start gap-4 p-4 transition-shadow hover:shadow-md sm:p-5 ${hoverText}`}
            >
              <span
                className={`flex size-11 shrink-0 items-center justify-center rounded-xl ring-1 ${tile}`}
              >
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <span className="min-w-0 flex-1">
                <span className="flex items-center gap-1.5 font-semibold text-slate-900 group-hover:text-inherit">
                  {title}
                  <ArrowRight
                    aria-hidden="true"
                    className="size-4 opacity-0 transition-all group-hover:translate-x-0.5 group-hover:opacity-100"
                  />
                </span>
                <span className="mt-1 block text-sm leading-snug text-slate-500">
                  {description}
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
