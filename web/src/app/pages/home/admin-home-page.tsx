import { useSnapshot } from 'valtio';
import { PageContainer } from '@/components/layout/page-container';
import { ADMIN_LINKS } from '@/features/frame/admin-links';
import { session } from '@/lib/session';
import { ShortcutGrid } from './shortcut-grid';

/** `/admin/home`: a greeting and the admin sections. */
export default function AdminHomePage() {
  const { user } = useSnapshot(session);
  const sections = ADMIN_LINKS.filter((link) => link.href !== '/admin/home').map(
    ({ label, description, href, icon }) => ({ title: label, description, href, icon }),
  );
  return (
    <PageContainer>
      <section aria-labelledby="welcome-heading" className="card p-6 sm:p-8">
        <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">
          Administration
        </p>
        <h1
          id="welcome-heading"
          className="mt-1 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl"
        >
          Welcome, {user}
        </h1>
        <p className="mt-2 max-w-2xl text-sm leading-relaxed text-slate-600 sm:text-base">
          Review academies and players, oversee trials and look after accounts.
        </p>
      </section>
      <ShortcutGrid
        heading="Sections"
        shortcuts={sections}
        tile="bg-slate-100 text-slate-700 ring-slate-200"
        hoverText="hover:text-brand-700"
        wide
      />
    </PageContainer>
  );
}
