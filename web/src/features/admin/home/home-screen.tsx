import { PageContainer } from '@/components/layout/page-container';

/** `/admin/…`: Dashboard (issue 13; being built). */
export function AdminHomeScreen() {
  return (
    <PageContainer>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Dashboard</h1>
    </PageContainer>
  );
}
