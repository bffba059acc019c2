// A settable clock for tests and replays.
export interface TestClock {
  (): number;
  set(ts: number): void;
}

export function testClock(start: number): TestClock {
  let now = start;
  const c = (() => now) as TestClock;
  c.set = (ts: number) => {
    now = ts;
  };
  return c;
}
