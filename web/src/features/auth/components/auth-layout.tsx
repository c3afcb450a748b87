import { BadgeCheck, CalendarCheck, MessageCircle, ShieldCheck, Trophy, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { useLayoutEffect } from 'react';
import { Link } from 'wouter';
import { BrandMark } from '@/components/brand';
import { APP_NAME } from '@/config/app';
import type { AuthTone } from '../lib/tone';

type Pitch = { kicker: string; headline: string; points: { icon: ReactNode; text: string }[] };

const icon = (Icon: typeof Trophy) => <Icon className="size-5" aria-hidden="true" />;

const PITCH: Record<AuthTone, Pitch> = {
  player: {
    kicker: 'For players',
    headline: 'Get seen by the academies that matter.',
    points: [
      { icon: icon(CalendarCheck), text: 'Find and join football and basketball trials near you' },
      { icon: icon(Trophy), text: 'Show your highlights, positions and achievements' },
      { icon: icon(Users), text: 'Connect with teammates, coaches and academies' },
    ],
  },
  academy: {
    kicker: 'For academies and coaches',
    headline: 'Discover the next generation of talent.',
    points: [
      { icon: icon(CalendarCheck), text: 'Publish trials and manage every registration' },
      { icon: icon(Users), text: 'Reach players across all 36 states and the FCT' },
      { icon: icon(MessageCircle), text: 'Share news and talk to your followers' },
    ],
  },
  admin: {
    kicker: 'Administration',
    headline: 'Keep Touchline safe and fair.',
    points: [
      { icon: icon(BadgeCheck), text: 'Verify academy licences' },
      { icon: icon(ShieldCheck), text: 'Review players, trials and reports' },
      { icon: icon(Trophy), text: 'Follow the takings of every academy' },
    ],
  },
};

const PANEL: Record<AuthTone, string> = {
  player: 'from-brand-700 via-brand-800 to-brand-950',
  academy: 'from-indigo-600 via-indigo-800 to-indigo-950',
  admin: 'from-slate-700 via-slate-800 to-slate-950',
};

const BADGE: Record<AuthTone, string> = {
  player: 'bg-brand-50 text-brand-700 ring-brand-200',
  academy: 'bg-academy-50 text-academy-700 ring-academy-200',
  admin: 'bg-slate-100 text-slate-700 ring-slate-300',
};

const BADGE_TEXT: Record<AuthTone, string | null> = {
  player: null,
  academy: 'Academy',
  admin: 'Admin',
};

const HOME: Record<AuthTone, string> = {
  player: '/',
  academy: '/academy/login',
  admin: '/admin/login',
};

type AuthLayoutProps = {
  tone?: AuthTone;
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Links under the card (sign up, other login areas). */
  footer?: ReactNode;
};

/**
 * The frame of every sign-in screen: a brand panel on wide screens (green for players, indigo for
 * academies) and the form card.
 */
export function AuthLayout({
  tone = 'player',
  title,
  subtitle,
  children,
  footer,
}: AuthLayoutProps) {
  const pitch = PITCH[tone];
  const badge = BADGE_TEXT[tone];
  // The static login page index.html painted before the app's JavaScript arrived gives way to
  // this one before it is painted (no frame shows both).
  useLayoutEffect(() => {
    document.getElementById('first-paint')?.remove();
  }, []);
  return (
    <div className="min-h-dvh bg-slate-50 lg:grid lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
      <aside
        className={`relative hidden overflow-hidden bg-gradient-to-br ${PANEL[tone]} p-10 text-white lg:flex lg:flex-col lg:justify-between xl:p-14`}
      >
        <PitchMarkings />
        <Link
          href={HOME[tone]}
          className="relative inline-flex w-fit items-center gap-2.5 rounded-lg text-lg font-bold tracking-tight"
        >
          <BrandMark />
          <span>{APP_NAME}</span>
        </Link>
        <div className="relative max-w-md">
          <p className="text-sm font-semibold tracking-wide text-white/70 uppercase">
            {pitch.kicker}
          </p>
          <p className="mt-3 text-3xl leading-tight font-bold tracking-tight xl:text-4xl">
            {pitch.headline}
          </p>
          <ul className="mt-8 space-y-4">
            {pitch.points.map((point) => (
              <li key={point.text} className="flex items-center gap-3 text-white/90">
                <span className="flex size-9 shrink-0 items-center justify-center rounded-xl bg-white/10 ring-1 ring-white/15">
                  {point.icon}
                </span>
                <span className="text-sm leading-snug">{point.text}</span>
              </li>
            ))}
          </ul>
        </div>
        <p className="relative text-xs text-white/60">
          Made for players, parents and academies across Nigeria.
        </p>
      </aside>

      <div className="flex min-h-dvh flex-col">
        <header className="flex items-center justify-between px-5 pt-5 sm:px-8 lg:hidden">
          <Link
            href={HOME[tone]}
            className="inline-flex items-center gap-2.5 rounded-lg text-lg font-bold tracking-tight text-slate-900"
          >
            <BrandMark className="size-8" />
            <span>{APP_NAME}</span>
          </Link>
          {badge ? (
            <span
              className={`rounded-full px-2.5 py-1 text-xs font-semibold ring-1 ${BADGE[tone]}`}
            >
              {badge}
            </span>
          ) : null}
        </header>
        <main className="flex flex-1 items-start justify-center px-4 py-6 sm:items-center sm:px-8 sm:py-12">
          <div className="w-full max-w-md">
            <div className="card px-5 py-7 sm:px-8 sm:py-9">
              {badge ? (
                <span
                  className={`mb-4 hidden w-fit rounded-full px-2.5 py-1 text-xs font-semibold ring-1 lg:inline-block ${BADGE[tone]}`}
                >
                  {badge}
                </span>
              ) : null}
              <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
              {subtitle ? (
                <div className="mt-1.5 text-sm leading-relaxed text-slate-600">{subtitle}</div>
              ) : null}
              <div className="mt-7">{children}</div>
            </div>
            {footer ? (
              <div className="mt-6 space-y-2 text-center text-sm text-slate-600">{footer}</div>
            ) : null}
          </div>
        </main>
      </div>
    </div>
  );
}

/** Faint pitch lines behind the brand panel. */
function PitchMarkings() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 360 540"
      preserveAspectRatio="xMidYMid slice"
      className="pointer-events-none absolute inset-0 size-full text-white/[0.07]"
    >
      <g fill="none" stroke="currentColor" strokeWidth="2">
        <rect x="20" y="20" width="320" height="500" rx="4" />
        <line x1="20" y1="270" x2="340" y2="270" />
        <circle cx="180" cy="270" r="52" />
        <rect x="95" y="20" width="170" height="80" />
        <rect x="95" y="440" width="170" height="80" />
        <rect x="140" y="20" width="80" height="30" />
        <rect x="140" y="490" width="80" height="30" />
      </g>
    </svg>
  );
}

/** A divider with a word in the middle ("or"). */
export function Divider({ children }: { children: ReactNode }) {
  return (
    <div className="my-6 flex items-center gap-3 text-xs font-medium tracking-wide text-slate-500 uppercase">
      <span className="h-px flex-1 bg-slate-200" />
      {children}
      <span className="h-px flex-1 bg-slate-200" />
    </div>
  );
}
