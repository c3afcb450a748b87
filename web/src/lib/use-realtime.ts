import { useEffect, useEffectEvent } from 'react';
import { useSnapshot } from 'valtio';
import type { RealtimeEvents } from './realtime';
import { realtime } from './realtime';
import { session } from './session';

/** Keeps the notification socket open while a user is signed in (mounted once, in the app). */
export function useRealtimeConnection(): void {
  const { user_id: userId } = useSnapshot(session);
  useEffect(() => {
    if (!userId) return;
    realtime.connect(userId);
    return () => realtime.disconnect();
  }, [userId]);
}

/** Calls `handler` for every realtime event of this type while the component is mounted. */
export function useRealtimeEvent<K extends keyof RealtimeEvents>(
  type: K,
  handler: (event: RealtimeEvents[K]) => void,
): void {
  const onEvent = useEffectEvent(handler);
  useEffect(() => realtime.events.on(type, (event) => onEvent(event)), [type]);
}
