import { describe, expect, it } from 'vitest';
import { createManualClock } from '../../../test/manualClock.ts';
import type { EngineStatus } from './protocol.ts';
import { acmeRuntime, OPEN } from './testing/runtimeKit.ts';

// The running totals the metrics read (platform/metrics.ts) travel in the status answer.

describe("the engine's counters in its status", () => {
  it('count trades, Discovery recomputes, alert passes and the feed reconnects it is told of', () => {
    const r = acmeRuntime('manual', createManualClock(OPEN));
    const status = () => JSON.parse(r.answer({ kind: 'status' })) as EngineStatus;
    expect(status().counters).toEqual({
      batches: 0,
      batchMs: 0,
      discoveryRecomputes: 0,
      discoveryMs: 0,
      alertsEvaluated: 0,
      alertsFired: 0,
      feedReconnects: 0,
    });
    r.sink.trade('ACMB', 2.5, 100, OPEN + 1000);
    r.sink.trade('ACMB', 2.6, 100, OPEN + 2000);
    r.drain();
    r.answer({ kind: 'discovery', tf: '15min', access: 'proplus' });
    r.answer({ kind: 'discovery', tf: '15min', access: 'proplus' }); // within the second: cached
    r.alerts.refreshFiltered(OPEN + 2000);
    r.feedReconnects = () => 3;
    expect(status()).toMatchObject({
      trades: 2,
      counters: { discoveryRecomputes: 1, alertsEvaluated: 2, feedReconnects: 3 },
    });
  });
});
