import { AdminReportsScreen } from '@/features/admin';

export default function AdminReportsPage() {
  return <AdminReportsScreen />;
}
