import { PageContainer } from '@/components/layout/page-container';

/** `/admin/…`: Players (issue 13; being built). */
export function AdminPlayersScreen() {
  return (
    <PageContainer>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Players</h1>
    </PageContainer>
  );
}
