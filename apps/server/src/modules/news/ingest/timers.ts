// Time for the news runner's loops, injected: tests move a manual clock instead of waiting.

export interface Timers {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemTimers: Timers = {
  now: () => Date.now(),
  setTimeout(run, ms) {
    const handle = setTimeout(run, ms);
    // A pending poll or retry must never keep a stopping process alive.
    handle.unref();
    return handle;
  },
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/** A clock that runs only when told (tests): due callbacks fire in time order as it advances. */
export function manualTimers(start = 0) {
  let now = start;
  let seq = 0;
  const due = new Map<number, { at: number; run: () => void }>();
  const timers: Timers & { advance(ms: number): void; pending(): number } = {
    now: () => now,
    setTimeout(run, ms) {
      const id = ++seq;
      due.set(id, { at: now + Math.max(0, ms), run });
      return id;
    },
    clearTimeout: (handle) => {
      due.delete(handle as number);
    },
    advance(ms) {
      const end = now + ms;
      for (;;) {
        let next: [number, { at: number; run: () => void }] | null = null;
        for (const entry of due) if (entry[1].at <= end && (!next || entry[1].at < next[1].at)) next = entry;
        if (!next) break;
        due.delete(next[0]);
        now = next[1].at;
        next[1].run();
      }
      now = end;
    },
    pending: () => due.size,
  };
  return timers;
}
