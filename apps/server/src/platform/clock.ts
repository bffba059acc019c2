/**
 * The server's one clock. Every module takes time and timers from the `Clock` it is given
 * (`ctx.clock`), never from the globals (a biome fence: apps/server/lint/noWallClock.grit), so
 * tests freeze time and move it on at will (test/manualClock.ts) and a module's shutdown ends
 * every timer it started (`scope()`).
 */

/** A pending timeout or interval; cancelling twice, or after it ran, does nothing. */
export interface Timer {
  cancel(): void;
}

export interface Clock {
  /** Epoch milliseconds. Code that stores or compares a Date makes one: `new Date(clock.now())`. */
  now(): number;
  setTimeout(run: () => void, ms: number): Timer;
  setInterval(run: () => void, ms: number): Timer;
  /** Waits (a login's progressive delay); a test clock moves itself on instead of waiting. */
  sleep(ms: number): Promise<void>;
  /** Runs `run` after this turn's I/O callbacks (setImmediate): batching, not time. */
  defer(run: () => void): void;
  /** A child clock whose `dispose()` cancels every timer started through it (a module's stop). */
  scope(): ClockScope;
}

export interface ClockScope extends Clock {
  /** Cancels the scope's pending timers, sleeps and defers; later ones never start. */
  dispose(): void;
}

/** What a clock is made of; `clockFrom` adds sleep and scopes on top. */
export interface ClockPrimitives {
  now(): number;
  setTimeout(run: () => void, ms: number): Timer;
  setInterval(run: () => void, ms: number): Timer;
  defer(run: () => void): Timer;
  /** The timer `sleep` waits on (the system clock's keeps the process alive, unlike the others). */
  sleepTimer?(run: () => void, ms: number): Timer;
}

const CANCELLED: Timer = { cancel() {} };

/** What a scope tracks: its pending timers, and whether it was disposed. */
interface ScopeState {
  live: Set<Timer>;
  disposed: boolean;
}

/** Cancellable wrapper over a callback-style wait (a parent clock's defer or sleep). */
function cancellable(start: (run: () => void) => void, run: () => void): Timer {
  let cancelled = false;
  start(() => {
    if (!cancelled) run();
  });
  return {
    cancel() {
      cancelled = true;
    },
  };
}

/** A clock over `base`; with `scope`, every timer is tracked until it runs or is cancelled. */
export function clockFrom(base: ClockPrimitives, scope?: ScopeState): Clock {
  const track = (start: (done: () => void) => Timer, once: boolean): Timer => {
    if (!scope) return start(() => {});
    // A disposed scope starts nothing more (a late callback of a stopped module).
    if (scope.disposed) return CANCELLED;
    const handle: Timer = {
      cancel() {
        timer.cancel();
        scope.live.delete(handle);
      },
    };
    const timer = start(() => {
      if (once) scope.live.delete(handle);
    });
    scope.live.add(handle);
    return handle;
  };
  const clock: Clock = {
    now: () => base.now(),
    setTimeout: (run, ms) =>
      track(
        (done) =>
          base.setTimeout(() => {
            done();
            run();
          }, ms),
        true,
      ),
    setInterval: (run, ms) => track(() => base.setInterval(run, ms), false),
    defer(run) {
      track(
        (done) =>
          base.defer(() => {
            done();
            run();
          }),
        true,
      );
    },
    sleep: (ms) =>
      new Promise<void>((resolve) => {
        const wait = base.sleepTimer ?? base.setTimeout;
        track(
          (done) =>
            wait(() => {
              done();
              resolve();
            }, ms),
          true,
        );
      }),
    scope() {
      const state: ScopeState = { live: new Set(), disposed: false };
      // The child's timers are this clock's, so disposing a parent scope ends its children's too.
      const child = clockFrom(
        {
          now: () => clock.now(),
          setTimeout: (run, ms) => clock.setTimeout(run, ms),
          setInterval: (run, ms) => clock.setInterval(run, ms),
          defer: (run) => cancellable((go) => clock.defer(go), run),
          sleepTimer: (run, ms) => cancellable((go) => void clock.sleep(ms).then(go), run),
        },
        state,
      );
      return {
        ...child,
        dispose() {
          state.disposed = true;
          for (const timer of [...state.live]) timer.cancel();
          state.live.clear();
        },
      };
    },
  };
  return clock;
}

/** Node's timers. They never keep a stopping process alive (unref), except a sleep's. */
export const systemClock: Clock = clockFrom({
  now: () => Date.now(),
  setTimeout(run, ms) {
    const handle = setTimeout(run, ms);
    handle.unref();
    return { cancel: () => clearTimeout(handle) };
  },
  setInterval(run, ms) {
    const handle = setInterval(run, ms);
    handle.unref();
    return { cancel: () => clearInterval(handle) };
  },
  defer(run) {
    const handle = setImmediate(run);
    return { cancel: () => clearImmediate(handle) };
  },
  sleepTimer(run, ms) {
    const handle = setTimeout(run, ms);
    return { cancel: () => clearTimeout(handle) };
  },
});
