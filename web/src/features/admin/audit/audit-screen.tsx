import { PageContainer } from '@/components/layout/page-container';

/** `/admin/…`: Audit log (issue 13; being built). */
export function AdminAuditScreen() {
  return (
    <PageContainer>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Audit log</h1>
    </PageContainer>
  );
}
