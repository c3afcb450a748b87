import { PageContainer } from '@/components/layout/page-container';

/** `/admin/…`: Accounts (issue 13; being built). */
export function AdminAccountsScreen() {
  return (
    <PageContainer>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Accounts</h1>
    </PageContainer>
  );
}
