import { AdminTrialsScreen } from '@/features/admin';

export default function AdminTrialsPage() {
  return <AdminTrialsScreen />;
}
