import { useEffect, useState } from 'react';

/**
 * The time, re-read each minute: for views whose words move with the clock (relative row
 * times, "today" flipping to a date after midnight New York) without re-rendering each second.
 */
export function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const tick = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(tick);
  }, []);
  return now;
}
