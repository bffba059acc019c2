import type { Clock } from '../../../../platform/clock.ts';
import { EngineRuntime } from '../runtime.ts';

// Shared by the engine runtime's tests: one listed company on a runtime started at the open.

/** Friday 2026-11-20, 09:30 New York. */
export const OPEN = Date.UTC(2026, 10, 20, 14, 30);

/** A runtime on `feed` started at OPEN that knows one symbol, ACMB (Acme Bio Inc, $2 close). */
export function acmeRuntime(feed: string, clock?: Pick<Clock, 'now'>): EngineRuntime {
  const r = new EngineRuntime(feed, null, clock ? { clock, clockStart: OPEN } : { clockStart: OPEN });
  r.sink.reference([
    {
      sym: 'ACMB',
      name: 'Acme Bio Inc',
      sector: 4,
      float: 1e7,
      shortRatio: 1,
      optionable: false,
      prevClose: 2,
      avgVolume: 1e6,
      exchange: 'NASDAQ',
    },
  ]);
  return r;
}
