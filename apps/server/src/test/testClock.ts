import type { Clock } from '../platform/clock.ts';

export interface TestClock extends Clock {
  advance(ms: number): void;
  /** Every wait asked of `sleep`, in order, so tests can assert on delays without taking them. */
  readonly sleeps: number[];
}

/** A clock that starts at real time and only moves when told, so expiry can be crossed at will. */
export function createTestClock(start = new Date()): TestClock {
  let offset = 0;
  const base = start.getTime() - Date.now();
  const sleeps: number[] = [];
  return {
    now: () => new Date(Date.now() + base + offset),
    advance(ms) {
      offset += ms;
    },
    sleeps,
    async sleep(ms) {
      sleeps.push(ms);
      offset += ms;
    },
  };
}
