import type { ReactNode } from 'react';
import { Brand } from './brand';

type StatusPageProps = {
  /** The big number: 404, 401, 500… */
  status: number | string;
  title: string;
  body: ReactNode;
  icon?: ReactNode;
  actions?: ReactNode;
  homeHref?: string;
};

/** Full-page layout for 404, 401 and error screens. */
export function StatusPage({
  status,
  title,
  body,
  icon,
  actions,
  homeHref = '/',
}: StatusPageProps) {
  return (
    <div className="relative flex min-h-dvh flex-col overflow-hidden bg-slate-50">
      <PitchLines />
      <header className="relative z-10 mx-auto flex w-full max-w-5xl items-center px-5 py-5 sm:px-8">
        <Brand href={homeHref} />
      </header>
      <main className="relative z-10 flex flex-1 items-center justify-center px-5 pb-16 sm:px-8">
        <div className="w-full max-w-lg text-center">
          {icon ? (
            <div className="mx-auto mb-6 flex size-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-700 ring-1 ring-brand-100">
              {icon}
            </div>
          ) : null}
          <p
            className="bg-gradient-to-br from-brand-600 to-brand-900 bg-clip-text text-7xl font-extrabold tracking-tight text-transparent sm:text-8xl"
            data-testid="status-code"
          >
            {status}
          </p>
          <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            {title}
          </h1>
          <div className="mt-3 text-base leading-relaxed text-slate-600">{body}</div>
          {actions ? (
            <div className="mt-8 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
              {actions}
            </div>
          ) : null}
        </div>
      </main>
    </div>
  );
}

/** Faint pitch markings behind the content. */
function PitchLines() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 540 360"
      preserveAspectRatio="xMidYMid slice"
      className="pointer-events-none absolute inset-0 size-full text-brand-700/[0.06]"
    >
      <g fill="none" stroke="currentColor" strokeWidth="2">
        <rect x="20" y="20" width="500" height="320" rx="4" />
        <line x1="270" y1="20" x2="270" y2="340" />
        <circle cx="270" cy="180" r="48" />
        <rect x="20" y="95" width="70" height="170" />
        <rect x="450" y="95" width="70" height="170" />
        <rect x="20" y="140" width="26" height="80" />
        <rect x="494" y="140" width="26" height="80" />
      </g>
    </svg>
  );
}
