import type { ReactNode } from 'react';
import { AppFrame } from '@/features/frame/components/app-frame';
import { ConsentBanner } from '@/features/consent';
import { SearchBox } from '@/features/search';
import { PushOffer } from '@/components/push-offer';

/**
 * The player and academy frame, a lazy chunk of its own (`ScreenFrame`): the login pages never
 * download it. The search feature plugs its box into the app frame here (`<AppFrame search={…}>`),
 * and the consent feature its banner for a child awaiting a guardian's consent (supplement §14),
 * then the 'Turn on notifications' offer when a moment made sense of it (issue 26).
 */
export function PlayerAcademyFrame({
  role,
  children,
}: {
  role: 'player' | 'academy';
  children: ReactNode;
}) {
  return (
    <AppFrame
      role={role}
      search={<SearchBox />}
      banner={
        <>
          <ConsentBanner />
          <PushOffer />
        </>
      }
    >
      {children}
    </AppFrame>
  );
}
