import type { AcademyListItem, TrialListItem } from '@touchline/shared';
import { Building2, Trophy } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { Link } from 'wouter';
import type { AccentRole } from '@/components/layout/role-accent';
import { profilePath } from '@/config/paths';
import { IMAGE_WIDTHS, mediaSrcSet } from '@/components/ui/media-srcset';

type Row = { key: string; href: string; name: string; place: string; image: string | null };

const place = (district: string | null, state: string | null) =>
  [district, state].filter(Boolean).join(', ');

/**
 * Spec §2 'Right panel': Top Trials (a row opens the trial) and Top Academies (a row opens the
 * academy's profile), each row an image, a name and 'district, state'. Trial pages are under
 * /academy for an academy (spec §2 academy links), /trial_details for a player.
 */
export function RightPanel({
  trials,
  academies,
  role,
}: {
  trials: readonly TrialListItem[];
  academies: readonly AcademyListItem[];
  role: AccentRole;
}) {
  const trialBase = role === 'academy' ? '/academy/trial_details' : '/trial_details';
  return (
    <div className="space-y-4">
      <PanelList
        title="Top Trials"
        icon={Trophy}
        empty="No open trials right now. Check back soon."
        rows={trials.map((trial) => ({
          key: trial.id,
          href: `${trialBase}/${trial.id}`,
          name: trial.name,
          place: place(trial.district, trial.state),
          image: trial.image,
        }))}
      />
      <PanelList
        title="Top Academies"
        icon={Building2}
        empty="No academies to show yet."
        rows={academies.map((academy) => ({
          key: academy.id,
          href: profilePath(academy.id, 'academy'),
          name: academy.username,
          place: place(academy.userprofile__district, academy.userprofile__state),
          image: academy.userprofile__profile_photo,
        }))}
      />
    </div>
  );
}

function PanelList({
  title,
  icon: Icon,
  rows,
  empty,
}: {
  title: string;
  icon: LucideIcon;
  rows: readonly Row[];
  empty: string;
}) {
  const id = `panel-${title.replace(/\s+/g, '-').toLowerCase()}`;
  return (
    <section aria-labelledby={id} className="card p-4">
      <h2 id={id} className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        <Icon className="size-4 text-slate-400" aria-hidden="true" />
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className="mt-3 text-sm text-slate-500">{empty}</p>
      ) : (
        <ul className="mt-2 -mx-2">
          {rows.map((row) => (
            <li key={row.key}>
              <Link
                href={row.href}
                className="flex items-center gap-3 rounded-xl px-2 py-2 transition-colors hover:bg-slate-50"
              >
                <Thumb image={row.image} icon={Icon} />
                <span className="min-w-0">
                  <span className="block truncate text-sm font-medium text-slate-900">
                    {row.name}
                  </span>
                  {row.place ? (
                    <span className="block truncate text-xs text-slate-500">{row.place}</span>
                  ) : null}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Thumb({ image, icon: Icon }: { image: string | null; icon: LucideIcon }) {
  if (image) {
    return (
      <img
        src={image}
        srcSet={mediaSrcSet(image, IMAGE_WIDTHS.post)}
        sizes="44px"
        alt=""
        width={44}
        height={44}
        loading="lazy"
        decoding="async"
        className="size-11 shrink-0 rounded-lg object-cover"
      />
    );
  }
  return (
    <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-400">
      <Icon className="size-5" aria-hidden="true" />
    </span>
  );
}
