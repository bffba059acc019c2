import { ALERT_EVENTS, type FiredAlert, firedAlertSchema } from '@tapeline/core';
import type { Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { seedSubscriber } from '../../test/factories.ts';
import { connectTab, until } from '../../test/waitFor.ts';
import { withApp } from '../../test/withApp.ts';
import { tradeLine } from '../market/feeds/replay/ndjson.ts';

// Favourites everywhere (docs/quotes-news.md §1): a Hi/Low rule on the `fav` category watches the
// trader's quotes. Saving or deleting a quote tells the rule publisher, so the evaluator on the
// hand-fed engine thread follows the list without the rule being touched.
const OPEN = Date.UTC(2026, 10, 20, 14, 30);
const at = (seconds: number) => OPEN + seconds * 1000;
const app = withApp({ mail: 'outbox', env: { MARKET_FEED: `manual:${new Date(OPEN).toISOString()}` } });
const sockets: Socket[] = [];
afterAll(() => {
  for (const s of sockets) s.close();
});

describe('a fav rule over the favourite quotes', () => {
  it('fires with zone fav for a listed quote and stops once it is deleted', async () => {
    const engine = app.app.market.engine;
    if (!engine) throw new Error('the manual feed runs an engine');
    // The symbols trade once, so the engine lists them before they are saved as quotes.
    engine.push([
      tradeLine('ABC', 10, 100, at(1)),
      tradeLine('MSFT', 20, 100, at(1)),
      tradeLine('XYZ', 5, 100, at(1)),
    ]);
    await until('the engine lists them', async () => {
      const names = (JSON.parse(await engine.query({ kind: 'names' })) as { s: string }[]).map((n) => n.s);
      return ['ABC', 'MSFT', 'XYZ'].every((s) => names.includes(s)) ? true : undefined;
    });

    const { token } = await seedSubscriber(app, 'standard');
    const call = (method: string, url: string, body?: unknown) => app.call(method, url, { token, body });
    expect((await call('POST', '/api/alerts', { category: 'fav', type: 'trade', rate: 0.1 })).status).toBe(
      200,
    );
    expect((await call('POST', '/api/quotes', { adds: ['ABC', 'MSFT'], deletes: [] })).status).toBe(200);
    const tab = await connectTab(app.baseUrl, token);
    sockets.push(tab);
    const heard: FiredAlert[] = [];
    tab.on(ALERT_EVENTS.alert, (a: unknown) => heard.push(firedAlertSchema.parse(a)));
    await app.app.alerts.rules.settled();

    // XYZ is not a favourite: its new high fires nothing; ABC's does, in the fav zone.
    engine.push([tradeLine('XYZ', 6, 100, at(2))]);
    engine.push([tradeLine('ABC', 10.5, 100, at(3))]);
    const first = await until('the fav alert', () => heard[0]);
    expect(first).toMatchObject({ symbol: 'ABC', price: 10.5, zone: 'fav' });
    expect(heard.map((a) => a.symbol)).toEqual(['ABC']);

    expect((await call('DELETE', '/api/quotes/ABC')).status).toBe(200);
    await app.app.alerts.rules.settled();
    // ABC runs again, then MSFT (still a favourite) makes a high: when MSFT's alert is heard,
    // an ABC alert of the batch before it would have been heard first.
    engine.push([tradeLine('ABC', 11.5, 100, at(4))]);
    engine.push([tradeLine('MSFT', 21, 100, at(5))]);
    const second = await until('the MSFT alert', () => heard[1]);
    expect(second).toMatchObject({ symbol: 'MSFT', zone: 'fav' });
    expect(heard.map((a) => a.symbol)).toEqual(['ABC', 'MSFT']);
  });
});
