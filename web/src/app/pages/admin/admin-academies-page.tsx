import { AdminAcademiesScreen } from '@/features/admin';

export default function AdminAcademiesPage() {
  return <AdminAcademiesScreen />;
}
