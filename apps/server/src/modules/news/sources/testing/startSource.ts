import { createManualClock, type ManualClock } from '../../../../test/manualClock.ts';
import type { NewsSource } from '../newsSource.ts';
import { collectingSink } from './fakeHttpServer.ts';

// How the per-vendor source tests start a source: on a manual clock at NOW, polling every POLL_MS
// with fixed jitter, into a collecting sink; stopAll() (in afterEach) stops every source started.

export const NOW = Date.parse('2026-11-20T14:00:00Z');
export const POLL_MS = 60_000;

export interface SourceClock {
  pollMs: number;
  clock: ManualClock;
  random: () => number;
}

export function sourceStarter() {
  let stops: (() => Promise<void>)[] = [];
  return {
    /** Builds the source with the test clock, starts it and keeps what it hands over. */
    async start<S extends NewsSource>(make: (clock: SourceClock) => S) {
      const clock = createManualClock(NOW);
      const source = make({ pollMs: POLL_MS, clock, random: () => 0.5 });
      const { sink, drafts } = collectingSink();
      await source.start(sink);
      stops.push(() => source.stop());
      return { source, drafts, clock };
    },
    async stopAll(): Promise<void> {
      for (const stop of stops) await stop();
      stops = [];
    },
  };
}
