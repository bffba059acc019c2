import { ALERT_EVENTS, type FiredAlert, firedAlertSchema } from '@tapeline/core';
import type { Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { seedSubscriber } from '../../test/factories.ts';
import { connectTab } from '../../test/waitFor.ts';
import { withApp } from '../../test/withApp.ts';
import { tradeLine } from '../market/feeds/replay/ndjson.ts';

// A runner on a replayed tape (the replay format, through the engine's own decoder): 200 new
// highs of a cent each, 10.01 → 12.00, one a second. The trader watches it twice, by symbol and
// through the main stream's highs, each at $0.10. docs/alerts.md "No alert storms": one alert
// per ten cents of range at most, one per event whichever rule matched — never 200.
const OPEN = Date.UTC(2026, 10, 20, 14, 30);
const app = withApp({ mail: 'outbox', env: { MARKET_FEED: `manual:${new Date(OPEN).toISOString()}` } });
const sockets: Socket[] = [];
afterAll(() => {
  for (const s of sockets) s.close();
});

describe('a runner making 200 new highs', () => {
  it('fires a bounded number of alerts, each at least the rate beyond the last', async () => {
    const { token } = await seedSubscriber(app, 'standard');
    for (const category of ['RUNR', 'primary_high']) {
      const res = await app.call('POST', '/api/alerts', {
        token,
        body: { category, type: 'trade', rate: 0.1 },
      });
      expect(res.status).toBe(200);
    }
    const tab = await connectTab(app.baseUrl, token);
    sockets.push(tab);
    const heard: FiredAlert[] = [];
    tab.on(ALERT_EVENTS.alert, (a: unknown) => heard.push(firedAlertSchema.parse(a)));
    await app.app.alerts.rules.settled();
    const engine = app.app.market.engine;
    if (!engine) throw new Error('the manual feed runs an engine');

    engine.push([tradeLine('RUNR', 10, 1000, OPEN + 1000)]);
    const tape = Array.from({ length: 200 }, (_, i) =>
      tradeLine('RUNR', Math.round((10.01 + i * 0.01) * 100) / 100, 500, OPEN + 2000 + i * 1000),
    );
    // Fed in slices a drain apart, as a replay at speed delivers them.
    for (let i = 0; i < tape.length; i += 5) {
      engine.push(tape.slice(i, i + 5));
      await new Promise((resolve) => setTimeout(resolve, 60));
    }
    // Until the history stops growing.
    let last = -1;
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const n = (await app.call<unknown[]>('GET', '/api/alert_history', { token })).body.length;
      if (n === last && n > 0) break;
      last = n;
    }

    expect(heard.length).toBeGreaterThanOrEqual(1);
    expect(heard.length).toBeLessThanOrEqual(20);
    expect(last).toBe(heard.length);
    const prices = heard.map((a) => a.price ?? 0);
    expect(prices[0]).toBeGreaterThanOrEqual(10.01);
    for (let k = 1; k < prices.length; k++) {
      expect((prices[k] as number) - (prices[k - 1] as number)).toBeGreaterThanOrEqual(0.1 - 1e-9);
    }
    expect(heard.every((a) => a.symbol === 'RUNR' && a.kind === 'trade')).toBe(true);
  });
});
