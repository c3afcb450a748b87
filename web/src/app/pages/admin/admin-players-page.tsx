import { AdminPlayersScreen } from '@/features/admin';

export default function AdminPlayersPage() {
  return <AdminPlayersScreen />;
}
