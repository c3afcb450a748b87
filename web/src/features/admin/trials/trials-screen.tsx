import { PageContainer } from '@/components/layout/page-container';

/** `/admin/…`: Trials (issue 13; being built). */
export function AdminTrialsScreen() {
  return (
    <PageContainer>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Trials</h1>
    </PageContainer>
  );
}
