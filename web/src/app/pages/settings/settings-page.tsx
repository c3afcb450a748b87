import { PageContainer } from '@/components/layout/page-container';
import { Link } from 'wouter';
import { YourDataScreen } from '@/features/your-data';

/** `/settings`: notifications (a link to their page) and 'Your data' (export, delete the account). */
export default function SettingsPage() {
  return (
    <PageContainer className="max-w-3xl">
      <nav aria-label="Settings" className="mb-5">
        <Link
          href="/settings/notifications"
          className="inline-flex items-center gap-2 rounded-xl bg-white px-4 py-3 font-medium text-emerald-800 shadow-sm ring-1 ring-slate-900/5 hover:bg-emerald-50"
        >
          Notification settings
        </Link>
      </nav>
      <YourDataScreen />
    </PageContainer>
  );
}
