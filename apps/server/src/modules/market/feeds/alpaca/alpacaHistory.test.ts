import { tmpdir } from 'node:os';
import path from 'node:path';
import { nyWallToUtc, type SessionDay, sessionOfDay } from '@tapeline/market';
import { afterEach, describe, expect, it } from 'vitest';
import { EngineRuntime } from '../../engine/runtime.ts';
import { isoDate, sessionsBefore } from '../history/buildHistory.ts';
import { type FakeRestServer, page, startFakeRest } from '../testing/fakeRestServer.ts';
import { type FakeServer, recordingLogger, startFakeServer } from '../testing/fakeWsServer.ts';
import {
  dailyBar,
  expectFixtureHistory,
  FIXTURE,
  NOW,
  PRIOR,
  quarterBars,
  TODAY,
} from '../testing/historyFixtures.ts';
import { AlpacaFeed } from './alpacaFeed.ts';

// A start against fakes of Alpaca's trading API (assets), market data API (multi-symbol bars,
// paged by next_page_token, `limit` counting bars across symbols) and stream, in the documented
// shapes: the engine has names, exchanges, optionable flags and full indicators before the first
// live print.

const KEY = 'AK-test';
const SECRET = 'secret';
const ASSETS = [
  {
    id: '1',
    class: 'us_equity',
    exchange: 'NASDAQ',
    symbol: 'AAA',
    name: 'Aaa Industries Inc',
    status: 'active',
    tradable: true,
    attributes: ['has_options'],
  },
  {
    id: '2',
    class: 'us_equity',
    exchange: 'NYSEARCA',
    symbol: 'BBB',
    name: 'Bbb 500 ETF Trust',
    status: 'active',
    tradable: true,
    attributes: ['has_options', 'fractional_eh_enabled'],
  },
  {
    id: '3',
    class: 'us_equity',
    exchange: 'NYSE',
    symbol: 'NEWB',
    name: 'Newb Holdings',
    status: 'active',
    tradable: true,
    attributes: [],
  },
];
/** The fake's page size: small, so a request's bars span pages (Alpaca's own is `limit`, ≤ 10,000). */
const PAGE = 100;

let rest: FakeRestServer | null = null;
let ws: FakeServer | null = null;
let feed: AlpacaFeed | null = null;

afterEach(async () => {
  await feed?.stop();
  await rest?.close();
  await ws?.close();
  feed = rest = ws = null;
});

const rfc3339 = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
const dateOf = (iso: string) => Math.floor(Date.parse(`${iso.slice(0, 10)}T00:00:00Z`) / 86_400_000);

function alpacaRest() {
  return startFakeRest(({ path, query }) => {
    if (path === '/v2/assets') return { body: ASSETS };
    if (path !== '/v2/stocks/bars') return null;
    const symbols = (query.get('symbols') ?? '').split(',').sort();
    const tf = query.get('timeframe');
    const start = query.get('start') ?? '';
    const end = query.get('end') ?? '';
    const rows: [string, Record<string, unknown>][] = [];
    for (const sym of symbols) {
      const f = FIXTURE.find((x) => x.sym === sym);
      if (!f) continue;
      if (tf === '1Day') {
        for (let d = dateOf(start); d <= dateOf(end); d++) {
          const s = sessionOfDay(d);
          const b = s && dailyBar(f, s);
          // A daily bar's t is New York midnight of its date.
          if (s && b) rows.push([sym, { ...b, t: rfc3339(nyWallToUtc(s.day, 0)), n: 100 }]);
        }
      } else if (tf === '15Min' && f.intraday) {
        const from = Date.parse(start);
        const to = Date.parse(end);
        for (const s of [PRIOR, TODAY]) {
          for (const b of quarterBars(f, s, to))
            if (b.t >= from) rows.push([sym, { ...b, t: rfc3339(b.t), n: 10 }]);
        }
      }
    }
    const { items, next } = page(rows, query.get('page_token'), Math.min(PAGE, Number(query.get('limit'))));
    const bars: Record<string, unknown[]> = {};
    for (const [sym, b] of items) bars[sym] = [...(bars[sym] ?? []), b];
    return { body: { bars, next_page_token: next } };
  });
}

function alpacaWs() {
  return startFakeServer(
    (conn) => conn.send([{ T: 'success', msg: 'connected' }]),
    (conn, msg) => {
      if (msg.action === 'auth') conn.send([{ T: 'success', msg: 'authenticated' }]);
      else if (msg.action === 'subscribe')
        conn.send([
          {
            T: 'subscription',
            trades: msg.trades,
            quotes: [],
            bars: [],
            statuses: msg.statuses,
            lulds: msg.lulds,
          },
        ]);
    },
  );
}

async function start(backfill: boolean) {
  rest = await alpacaRest();
  ws = await alpacaWs();
  const runtime = new EngineRuntime('alpaca', null, { clock: { now: () => NOW } });
  const log = recordingLogger();
  feed = new AlpacaFeed({
    keyId: KEY,
    secretKey: SECRET,
    url: `${ws.url}/v2/iex`,
    dataUrl: rest.url,
    tradingUrl: rest.url,
    history: {
      backfill,
      sessions: 45,
      intradayMax: 3000,
      cacheDir: path.join(tmpdir(), 'alpaca-never-written'),
    },
    symbolsFile: null,
    logger: log.logger,
    now: () => NOW,
  });
  return { runtime, log, started: feed.start(runtime.sink) };
}

describe('alpaca: history from the REST APIs at start', () => {
  it('fills names, exchanges, optionable and prior closes, and ATR, squeeze and trend for symbols with enough bars', async () => {
    const { runtime, started } = await start(true);
    rest?.failNext('/v2/stocks/bars', 429, 0);
    await started;

    const { table } = runtime.engine;
    const ids = ['AAA', 'BBB', 'NEWB'].map((s) => runtime.engine.idOf(s));
    expect(ids.map((id) => table.names[id])).toEqual([
      'Aaa Industries Inc',
      'Bbb 500 ETF Trust',
      'Newb Holdings',
    ]);
    expect(ids.map((id) => table.exchanges.values[table.exchange[id] as number])).toEqual([
      'NASDAQ',
      'ARCA',
      'NYSE',
    ]);
    expect(ids.map((id) => table.optionable[id])).toEqual([1, 1, 0]);
    expectFixtureHistory(runtime);

    const requests = rest?.requests ?? [];
    expect(
      requests.every(
        (q) => q.headers['apca-api-key-id'] === KEY && q.headers['apca-api-secret-key'] === SECRET,
      ),
    ).toBe(true);
    const assets = requests.filter((q) => q.path === '/v2/assets');
    expect(assets.map((q) => [q.query.get('status'), q.query.get('asset_class')])).toEqual([
      ['active', 'us_equity'],
    ]);
    const bars = requests.filter((q) => q.path === '/v2/stocks/bars');
    expect(bars.every((q) => q.query.get('feed') === 'iex' && q.query.get('adjustment') === 'split')).toBe(
      true,
    );
    // Daily: 45 sessions × 3 symbols over two pages (one refused with 429 first); the window ends Monday.
    const daily = bars.filter((q) => q.query.get('timeframe') === '1Day');
    expect(daily.map((q) => q.query.get('page_token'))).toEqual([null, null, '100']);
    expect(daily[0]?.query.get('start')).toBe(isoDate(sessionsBefore(PRIOR, 44)[0] as SessionDay));
    expect(daily[0]?.query.get('end')).toBe('2026-11-23');
    expect(daily[0]?.query.get('symbols')).toBe('AAA,BBB,NEWB');
    // Intraday from Monday 04:00 to now, by dollar volume.
    const intraday = bars.filter((q) => q.query.get('timeframe') === '15Min');
    expect(intraday[0]?.query.get('symbols')).toBe('BBB,AAA,NEWB');
    expect(intraday[0]?.query.get('start')).toBe(new Date(PRIOR.start).toISOString());
    expect(intraday[0]?.query.get('end')).toBe(new Date(NOW).toISOString());
    expect(ws?.connections).toHaveLength(1);
  });

  it('asks nothing of the REST APIs with HISTORY_BACKFILL=off', async () => {
    const { runtime, started } = await start(false);
    await started;
    expect(rest?.requests).toEqual([]);
    expect(runtime.engine.table.count).toBe(0);
  });
});
