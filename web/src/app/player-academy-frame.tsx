import type { ReactNode } from 'react';
import { AppFrame } from '@/features/frame/components/app-frame';
import { SearchBox } from '@/features/search';

/**
 * The player and academy frame, a lazy chunk of its own (`ScreenFrame`): the login pages never
 * download it. The search feature plugs its box into the app frame here (`<AppFrame search={…}>`).
 */
export function PlayerAcademyFrame({
  role,
  children,
}: {
  role: 'player' | 'academy';
  children: ReactNode;
}) {
  return (
    <AppFrame role={role} search={<SearchBox />}>
      {children}
    </AppFrame>
  );
}
