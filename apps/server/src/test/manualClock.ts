import { type Clock, clockFrom } from '../platform/clock.ts';

export interface ManualClock extends Clock {
  /** Moves time on by `ms`, running the timers that fall due on the way, in time order (each interval once). */
  advance(ms: number): void;
  /** Moves time on to the epoch ms `at` (never back). */
  advanceTo(at: number): void;
  /** Every wait asked of `sleep`, in order, so tests can assert on delays without taking them. */
  readonly sleeps: number[];
  /** Timeouts and intervals waiting to run. */
  pending(): number;
}

interface Due {
  at: number;
  /** Set for an interval: it is put back this far on each time it runs. */
  every: number | null;
  run: () => void;
}

/**
 * A clock frozen until told: `advance(ms)` runs the due timers in time order, each seeing
 * `now()` at its own time; an interval runs at most once per move (as Node's would after a
 * stalled event loop), so a test moving days ahead does not run every poll of those days. `sleep` is the one wait that
 * moves the clock by itself (a login's progressive delay would otherwise never end), and `defer`
 * is not time: it runs after this turn's I/O, as on the system clock.
 * Starts at the real time the test runs unless told otherwise, as dates in a fresh database do.
 */
export function createManualClock(start: number = Date.now()): ManualClock {
  let now = start;
  let seq = 0;
  const due = new Map<number, Due>();
  const schedule = (run: () => void, ms: number, every: number | null) => {
    const id = ++seq;
    due.set(id, { at: now + Math.max(0, ms), every, run });
    return { cancel: () => void due.delete(id) };
  };
  const advanceTo = (end: number) => {
    for (;;) {
      let next: [number, Due] | null = null;
      for (const entry of due) {
        if (entry[1].at <= end && (!next || entry[1].at < next[1].at)) next = entry;
      }
      if (!next) break;
      const [id, timer] = next;
      now = Math.max(now, timer.at);
      if (timer.every === null) due.delete(id);
      else {
        // Once per move, as after a stalled event loop: a week's jump must not run a 250 ms poll
        // 2.4 million times. It keeps its phase: the next run is its first time past the move.
        const every = Math.max(1, timer.every);
        timer.at += every * Math.max(1, Math.ceil((end - timer.at + 1) / every));
      }
      timer.run();
    }
    now = Math.max(now, end);
  };
  const sleeps: number[] = [];
  const clock = clockFrom({
    now: () => now,
    setTimeout: (run, ms) => schedule(run, ms, null),
    setInterval: (run, ms) => schedule(run, ms, ms),
    defer(run) {
      const handle = setImmediate(run);
      return { cancel: () => clearImmediate(handle) };
    },
    sleepTimer(run, ms) {
      sleeps.push(ms);
      advanceTo(now + Math.max(0, ms));
      let cancelled = false;
      queueMicrotask(() => cancelled || run());
      return {
        cancel() {
          cancelled = true;
        },
      };
    },
  });
  return {
    ...clock,
    advance: (ms) => advanceTo(now + ms),
    advanceTo,
    sleeps,
    pending: () => due.size,
  };
}
