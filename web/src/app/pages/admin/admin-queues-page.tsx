import { AdminQueuesScreen } from '@/features/admin';

export default function AdminQueuesPage() {
  return <AdminQueuesScreen />;
}
