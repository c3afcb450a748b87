import { AdminAuditScreen } from '@/features/admin';

export default function AdminAuditPage() {
  return <AdminAuditScreen />;
}
