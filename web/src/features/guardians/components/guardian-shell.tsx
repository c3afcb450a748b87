import type { ReactNode } from 'react';
import { Brand } from '@/components/brand';

/** The guardian pages' plain frame: the brand, an optional action, a centred column. */
export function GuardianShell({
  children,
  action,
  wide = false,
}: {
  children: ReactNode;
  action?: ReactNode;
  wide?: boolean;
}) {
  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div
          className={`mx-auto flex w-full items-center justify-between gap-4 px-5 py-4 ${wide ? 'max-w-5xl' : 'max-w-2xl'}`}
        >
          <Brand href="/guardian/home" />
          {action}
        </div>
      </header>
      <main className={`mx-auto w-full px-5 py-8 ${wide ? 'max-w-5xl' : 'max-w-2xl'}`}>
        {children}
      </main>
    </div>
  );
}
