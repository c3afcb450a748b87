import { AdminHomeScreen } from '@/features/admin';

export default function AdminHomePage() {
  return <AdminHomeScreen />;
}
