import type { ReactNode } from 'react';
import { PageContainer } from '@/components/layout/page-container';

/** An admin screen: its title, a line saying what it is for, actions on the right, the body. */
export function AdminPage({
  title,
  description,
  actions,
  children,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <PageContainer className="space-y-4 sm:space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
          {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
      {children}
    </PageContainer>
  );
}

/** The search box and filters above a list, side by side from `sm` up. */
export function AdminToolbar({ children }: { children: ReactNode }) {
  return (
    <div className="card flex flex-col gap-3 p-3 sm:flex-row sm:flex-wrap sm:items-end sm:p-4">
      {children}
    </div>
  );
}
