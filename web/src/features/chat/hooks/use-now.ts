import { useEffect, useState } from 'react';

/** The time now, refreshed every `everyMs` (the 15-minute edit window, 'Last seen …'). */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
