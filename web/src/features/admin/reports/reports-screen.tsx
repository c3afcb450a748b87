import { PageContainer } from '@/components/layout/page-container';

/** `/admin/…`: Reports (issue 13; being built). */
export function AdminReportsScreen() {
  return (
    <PageContainer>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Reports</h1>
    </PageContainer>
  );
}
