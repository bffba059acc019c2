import { nextSession, phaseAt } from '@tapeline/market';

export interface MarketClock {
  open: boolean;
  /** Milliseconds until 04:00 New York of the next trading day, when closed. */
  opensInMs: number;
}

/** Closed between 20:00 and 04:00 New York, on weekends and on NYSE holidays (spec §4). */
export function marketClock(nowMs: number): MarketClock {
  if (phaseAt(nowMs) !== 'closed') return { open: true, opensInMs: 0 };
  return { open: false, opensInMs: Math.max(0, nextSession(nowMs).start - nowMs) };
}

/** hh:mm:ss, hours running past 24 over a long weekend. */
export function formatCountdown(ms: number): string {
  const total = Math.floor(ms / 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}
