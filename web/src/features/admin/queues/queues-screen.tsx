import { PageContainer } from '@/components/layout/page-container';

/** `/admin/…`: Queues (issue 13; being built). */
export function AdminQueuesScreen() {
  return (
    <PageContainer>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Queues</h1>
    </PageContainer>
  );
}
