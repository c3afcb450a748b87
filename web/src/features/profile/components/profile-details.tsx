import type { ProfileView } from '@touchline/shared';
import { Award, ChevronRight, History, Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { ACCENTS } from '@/components/layout/role-accent';
import { formatDate } from '../lib/format';
import { isFootballCode, positionLabel } from '../lib/positions';
import { MeasuredPanel } from './measured-panel';
import { PitchPosition } from './pitch-position';

const SIDE_LABEL = { left: 'Left', right: 'Right', both: 'Both' } as const;

/** About, the sporting details, the owner's private fields and the links to the lists. */
export function ProfileDetails({ profile }: { profile: ProfileView }) {
  const isPlayer = profile.role === 'player';
  const accent = isPlayer ? ACCENTS.player : ACCENTS.academy;
  const basketball = profile.sports[0] === 'basketball';
  const facts: { label: string; value: string }[] = [];
  if (isPlayer) {
    if (profile.age !== null) facts.push({ label: 'Age', value: `${profile.age} years` });
    if (profile.position) facts.push({ label: 'Position', value: positionLabel(profile.position) });
    if (profile.height_cm !== null)
      facts.push({ label: 'Height', value: `${profile.height_cm} cm` });
    if (profile.weight_kg !== null)
      facts.push({ label: 'Weight', value: `${profile.weight_kg} kg` });
    if (profile.preferred_side)
      facts.push({
        label: basketball ? 'Preferred hand' : 'Preferred foot',
        value: SIDE_LABEL[profile.preferred_side],
      });
  } else if (profile.established_on) {
    facts.push({ label: 'Established', value: formatDate(profile.established_on) });
  }
  const showPitch = isPlayer && profile.position !== null && isFootballCode(profile.position);
  const listQuery = profile.is_own ? '' : `?user_id=${profile.user_id}`;

  return (
    <div className="mt-5 grid gap-5 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="space-y-5">
        <Panel title="About">
          {profile.about ? (
            <p className="text-sm leading-relaxed whitespace-pre-line text-slate-700">
              {profile.about}
            </p>
          ) : (
            <p className="text-sm text-slate-500">
              {profile.is_own
                ? 'Tell academies and players about yourself — use Edit profile.'
                : 'Nothing here yet.'}
            </p>
          )}
        </Panel>
        {facts.length > 0 || showPitch ? (
          <Panel title={isPlayer ? 'Player details' : 'Academy details'}>
            <div className={showPitch ? 'grid gap-5 sm:grid-cols-[1fr_15rem]' : ''}>
              <dl className="grid grid-cols-2 gap-x-4 gap-y-3 self-start">
                {facts.map((fact) => (
                  <div key={fact.label}>
                    <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">
                      {fact.label}
                    </dt>
                    <dd className="mt-0.5 text-sm font-semibold text-slate-900">{fact.value}</dd>
                  </div>
                ))}
              </dl>
              {showPitch ? <PitchPosition code={profile.position!} /> : null}
            </div>
          </Panel>
        ) : null}
        {isPlayer ? <MeasuredPanel profile={profile} /> : null}
      </div>

      <div className="space-y-5">
        <nav
          aria-label="Profile sections"
          className="card divide-y divide-slate-100 overflow-hidden"
        >
          <SectionLink
            href={`/view_achievements${listQuery}`}
            icon={<Award className="size-5" aria-hidden="true" />}
            tile={accent.tile}
            title="Achievements"
            detail={`${profile.achievements_count} listed`}
          />
          {isPlayer ? (
            <SectionLink
              href={`/view_experience${listQuery}`}
              icon={<History className="size-5" aria-hidden="true" />}
              tile={accent.tile}
              title="Experience"
              detail="Academies and teams played for"
            />
          ) : null}
        </nav>
        {profile.is_own ? <PrivateFields profile={profile} /> : null}
      </div>
    </div>
  );
}

function PrivateFields({ profile }: { profile: ProfileView }) {
  const rows = [
    { label: 'E-mail', value: profile.email ?? '—' },
    { label: 'Phone', value: profile.phone ?? 'Not added' },
  ];
  if (profile.role === 'player')
    rows.push({ label: 'Date of birth', value: profile.dob ? formatDate(profile.dob) : '—' });
  return (
    <section
      aria-labelledby="private-heading"
      className="rounded-2xl border border-dashed border-slate-300 bg-white p-5"
    >
      <h2
        id="private-heading"
        className="flex items-center gap-2 text-sm font-semibold text-slate-900"
      >
        <Lock className="size-4 text-slate-500" aria-hidden="true" />
        Private — only you can see this
      </h2>
      <dl className="mt-3 space-y-2.5">
        {rows.map((row) => (
          <div key={row.label}>
            <dt className="text-xs font-medium text-slate-500">{row.label}</dt>
            <dd className="text-sm break-all text-slate-900">{row.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="card p-5 sm:p-6" aria-label={title}>
      <h2 className="mb-3 text-base font-semibold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}

function SectionLink(props: {
  href: string;
  icon: ReactNode;
  tile: string;
  title: string;
  detail: string;
}) {
  return (
    <Link href={props.href} className="flex items-center gap-3 px-5 py-4 hover:bg-slate-50">
      <span className={`flex size-10 items-center justify-center rounded-xl ring-1 ${props.tile}`}>
        {props.icon}
      </span>
      <span className="min-w-0 flex-1">
        <span className="block text-sm font-semibold text-slate-900">{props.title}</span>
        <span className="block text-xs text-slate-500">{props.detail}</span>
      </span>
      <ChevronRight className="size-4 text-slate-400" aria-hidden="true" />
    </Link>
  );
}
