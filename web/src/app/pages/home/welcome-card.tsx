import { useSnapshot } from 'valtio';
import type { AccentRole } from '../../../components/layout/role-accent';
import { ACCENTS } from '../../../components/layout/role-accent';
import { UserAvatar } from '../../../components/ui/user-avatar';
import { session } from '../../../lib/session';

const ROLE_LABEL: Record<AccentRole, string> = { player: 'Player', academy: 'Academy' };

const INTRO: Record<AccentRole, string> = {
  player:
    'Find trials, connect with players and academies, and keep your sporting journey in one place.',
  academy:
    'Publish trials, discover talented players and keep in touch with them, all in one place.',
};

/** Greets the signed-in user by name (`session.user`) with their photo and role. */
export function WelcomeCard({ role }: { role: AccentRole }) {
  const { user, profile_photo } = useSnapshot(session);
  const accent = ACCENTS[role];
  return (
    <section aria-labelledby="welcome-heading" className="card overflow-hidden">
      <div className={`relative h-24 bg-gradient-to-br sm:h-28 ${accent.gradient}`}>
        <PitchPattern />
      </div>
      <div className="px-5 pb-6 sm:px-8 sm:pb-8">
        <UserAvatar
          src={profile_photo}
          className="relative -mt-10 size-20 border-4 border-white shadow-sm sm:-mt-12 sm:size-24"
        />
        <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2">
          <h1
            id="welcome-heading"
            className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl"
          >
            Welcome, {user}
          </h1>
          <span
            className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${accent.tile}`}
          >
            {ROLE_LABEL[role]}
          </span>
        </div>
        <p className="mt-2 max-w-2xl text-sm leading-relaxed text-slate-600 sm:text-base">
          {INTRO[role]}
        </p>
      </div>
    </section>
  );
}

/** Faint pitch markings on the banner. */
function PitchPattern() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 540 120"
      preserveAspectRatio="xMidYMid slice"
      className="absolute inset-0 size-full text-white/15"
    >
      <g fill="none" stroke="currentColor" strokeWidth="2">
        <line x1="270" y1="0" x2="270" y2="120" />
        <circle cx="270" cy="60" r="38" />
        <circle cx="270" cy="60" r="3" fill="currentColor" />
        <rect x="-10" y="10" width="90" height="100" />
        <rect x="460" y="10" width="90" height="100" />
      </g>
    </svg>
  );
}
