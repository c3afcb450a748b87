import { AdminConsentsScreen } from '@/features/admin';

export default function AdminConsentsPage() {
  return <AdminConsentsScreen />;
}
