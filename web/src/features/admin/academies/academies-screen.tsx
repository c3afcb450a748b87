import { PageContainer } from '@/components/layout/page-container';

/** `/admin/…`: Academies (issue 13; being built). */
export function AdminAcademiesScreen() {
  return (
    <PageContainer>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Academies</h1>
    </PageContainer>
  );
}
