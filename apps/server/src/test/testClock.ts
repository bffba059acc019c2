import type { Clock } from '../platform/clock.ts';

export interface TestClock extends Clock {
  advance(ms: number): void;
}

/** A clock that starts at real time and only moves when told, so expiry can be crossed at will. */
export function createTestClock(start = new Date()): TestClock {
  let offset = 0;
  const base = start.getTime() - Date.now();
  return {
    now: () => new Date(Date.now() + base + offset),
    advance(ms) {
      offset += ms;
    },
  };
}
