import { AdminAccountsScreen } from '@/features/admin';

export default function AdminAccountsPage() {
  return <AdminAccountsScreen />;
}
