import type { ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { AdminFrame } from '@/features/frame/components/admin-frame';
import { adminUi, toggleSidebar } from '@/lib/admin-ui';

/** The admin frame, a lazy chunk of its own (`ScreenFrame`): players and academies never load it. */
export function AdminAreaFrame({ children }: { children: ReactNode }) {
  const { sidebarOpen } = useSnapshot(adminUi);
  return (
    <AdminFrame sidebarOpen={sidebarOpen} onToggleSidebar={toggleSidebar}>
      {children}
    </AdminFrame>
  );
}
