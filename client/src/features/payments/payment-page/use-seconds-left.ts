import { useEffect, useState } from 'react';
import { secondsLeft } from './countdown';

/** The seconds left until `expiresAt`, ticking each second while `active`. */
export function useSecondsLeft(expiresAt: string | null, active: boolean): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return secondsLeft(expiresAt, now);
}
