import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SessionDay } from '@tapeline/market';
import { sessionOfDay } from '@tapeline/market';
import { afterEach, describe, expect, it } from 'vitest';
import { createCheckpointStore } from '../../engine/checkpointStore.ts';
import { EngineRuntime } from '../../engine/runtime.ts';
import { type FakeRestServer, page, startFakeRest } from '../testing/fakeRestServer.ts';
import { type FakeServer, recordingLogger, startFakeServer } from '../testing/fakeWsServer.ts';
import {
  dailyBar,
  expectFixtureHistory,
  FIXTURE,
  NOW,
  PRIOR,
  quarterBars,
  discoveryRows as rows,
  TODAY,
} from '../testing/historyFixtures.ts';
import { MassiveFeed } from './massiveFeed.ts';

// A start against fakes of Massive's REST API (tickers, grouped daily, 15-minute aggregates, in
// the documented shapes, paged by next_url) and its websocket: the engine has names, exchanges,
// prior closes and full indicators before the first live print.

const KEY = 'test-key';
const TICKERS = [
  {
    ticker: 'AAA',
    name: 'Aaa Industries Inc',
    market: 'stocks',
    locale: 'us',
    primary_exchange: 'XNAS',
    type: 'CS',
    active: true,
  },
  {
    ticker: 'BBB',
    name: 'Bbb 500 ETF Trust',
    market: 'stocks',
    locale: 'us',
    primary_exchange: 'ARCX',
    type: 'ETF',
    active: true,
  },
  {
    ticker: 'NEWB',
    name: 'Newb Holdings',
    market: 'stocks',
    locale: 'us',
    primary_exchange: 'XNYS',
    type: 'CS',
    active: true,
  },
];

/** What the details add: SIC code and shares (an ETF has no SIC code). */
const DETAILS: Record<string, Record<string, unknown>> = {
  AAA: {
    sic_code: '3571',
    sic_description: 'ELECTRONIC COMPUTERS',
    market_cap: 7.5e8,
    share_class_shares_outstanding: 15_000_000,
  },
  BBB: { market_cap: 4e11, share_class_shares_outstanding: 1_000_000_000 },
  NEWB: {
    sic_code: '2834',
    sic_description: 'PHARMACEUTICAL PREPARATIONS',
    weighted_shares_outstanding: 8_000_000,
  },
};

let rest: FakeRestServer | null = null;
let ws: FakeServer | null = null;
let feed: MassiveFeed | null = null;
let dir = '';
/** DATA_DIR/engine of the run: where the ticker details are kept between starts. */
let cacheDir = '';

afterEach(async () => {
  await feed?.stop();
  await rest?.close();
  await ws?.close();
  for (const d of [dir, cacheDir]) if (d) await rm(d, { recursive: true, force: true });
  feed = rest = ws = null;
  dir = cacheDir = '';
});

const sessionOfIso = (iso: string): SessionDay | null =>
  sessionOfDay(Math.floor(Date.parse(`${iso}T00:00:00Z`) / 86_400_000));

function massiveRest() {
  return startFakeRest(({ path: p, query }) => {
    if (p === '/v3/reference/tickers') {
      const { items, next } = page(TICKERS, query.get('cursor'), 2);
      return {
        body: {
          status: 'OK',
          count: items.length,
          results: items,
          // Absolute on the vendor's host, as Massive sends it.
          ...(next ? { next_url: `https://api.massive.com/v3/reference/tickers?cursor=${next}` } : {}),
        },
      };
    }
    const details = /^\/v3\/reference\/tickers\/([A-Z.]+)$/.exec(p);
    if (details) {
      const t = TICKERS.find((x) => x.ticker === details[1]);
      if (!t) return { status: 404, body: { status: 'NOT_FOUND', message: 'Ticker not found.' } };
      return { body: { status: 'OK', request_id: 'r1', results: { ...t, ...DETAILS[t.ticker] } } };
    }
    const grouped = /^\/v2\/aggs\/grouped\/locale\/us\/market\/stocks\/(\d{4}-\d{2}-\d{2})$/.exec(p);
    if (grouped) {
      const s = sessionOfIso(grouped[1] as string);
      const results = s
        ? FIXTURE.flatMap((f) => {
            const b = dailyBar(f, s);
            return b ? [{ T: f.sym, ...b, n: 100 }] : [];
          })
        : [];
      return {
        body: {
          adjusted: true,
          queryCount: results.length,
          resultsCount: results.length,
          status: 'OK',
          results,
        },
      };
    }
    const range = /^\/v2\/aggs\/ticker\/([A-Z.]+)\/range\/15\/minute\/([\d-]+)\/([\d-]+)$/.exec(p);
    if (range) {
      const f = FIXTURE.find((x) => x.sym === range[1]);
      const from = sessionOfIso(range[2] as string);
      const bars =
        f?.intraday && from
          ? [PRIOR, TODAY].filter((s) => s.day >= from.day).flatMap((s) => quarterBars(f, s, NOW))
          : [];
      // Two pages: the second through next_url.
      const { items, next } = page(bars, query.get('cursor'), 70);
      return {
        body: {
          ticker: range[1],
          status: 'OK',
          adjusted: true,
          resultsCount: items.length,
          results: items.map((b) => ({ ...b, n: 10 })),
          ...(next ? { next_url: `https://api.massive.com${p}?cursor=${next}` } : {}),
        },
      };
    }
    return null;
  });
}

function massiveWs() {
  return startFakeServer(
    (conn) => conn.send([{ ev: 'status', status: 'connected', message: 'Connected Successfully' }]),
    (conn, msg) => {
      if (msg.action === 'auth')
        conn.send([{ ev: 'status', status: 'auth_success', message: 'authenticated' }]);
      else if (msg.action === 'subscribe')
        conn.send([{ ev: 'status', status: 'success', message: 'subscribed' }]);
    },
  );
}

async function start(backfill: boolean, symbolsFile: string | null = null) {
  rest = await massiveRest();
  ws = await massiveWs();
  cacheDir ||= await mkdtemp(path.join(tmpdir(), 'massive-engine-'));
  const runtime = new EngineRuntime('massive', null, { clock: { now: () => NOW } });
  const log = recordingLogger();
  feed = new MassiveFeed({
    apiKey: KEY,
    url: ws.url,
    restUrl: rest.url,
    history: { backfill, sessions: 45, intradayMax: 3000, cacheDir },
    symbolsFile,
    logger: log.logger,
    now: () => NOW,
  });
  return { runtime, log, started: feed.start(runtime.sink) };
}

describe('massive: history from the REST API at start', () => {
  it('fills names, exchanges and prior closes, and ATR, squeeze and trend for symbols with enough bars', async () => {
    const { runtime, started } = await start(true);
    rest?.failNext('/v2/aggs/grouped', 429, 0);
    await started;

    const names = JSON.parse(runtime.answer({ kind: 'names' })) as { s: string; n: string; c: number }[];
    expect(names).toEqual([
      { s: 'AAA', n: 'Aaa Industries Inc', c: 9 },
      { s: 'BBB', n: 'Bbb 500 ETF Trust', c: 82 },
      { s: 'NEWB', n: 'Newb Holdings', c: 16 },
    ]);
    const { table } = runtime.engine;
    expect(
      ['AAA', 'BBB', 'NEWB'].map(
        (s) => table.exchanges.values[table.exchange[runtime.engine.idOf(s)] as number],
      ),
    ).toEqual(['NASDAQ', 'ARCA', 'NYSE']);
    expect(['AAA', 'BBB', 'NEWB'].map((s) => table.float[runtime.engine.idOf(s)])).toEqual([15e6, 1e9, 8e6]);
    expectFixtureHistory(runtime);

    const requests = rest?.requests ?? [];
    expect(requests.every((q) => q.headers.authorization === `Bearer ${KEY}`)).toBe(true);
    expect(requests.every((q) => !q.query.has('apiKey'))).toBe(true);
    // 45 sessions, one refused with 429 and asked again.
    expect(requests.filter((q) => q.path.startsWith('/v2/aggs/grouped'))).toHaveLength(46);
    expect(requests.filter((q) => q.path === '/v3/reference/tickers')).toHaveLength(2);
    expect(
      requests
        .filter((q) => q.path.startsWith('/v3/reference/tickers/'))
        .map((q) => q.path)
        .sort(),
    ).toEqual(['/v3/reference/tickers/AAA', '/v3/reference/tickers/BBB', '/v3/reference/tickers/NEWB']);
    // Intraday for the two symbols the vendor has 15-minute bars for, from Monday, two pages each.
    const ranges = requests.filter((q) => q.path.startsWith('/v2/aggs/ticker/'));
    expect(ranges.map((q) => q.path).sort()).toEqual([
      '/v2/aggs/ticker/AAA/range/15/minute/2026-11-23/2026-11-24',
      '/v2/aggs/ticker/AAA/range/15/minute/2026-11-23/2026-11-24',
      '/v2/aggs/ticker/BBB/range/15/minute/2026-11-23/2026-11-24',
      '/v2/aggs/ticker/BBB/range/15/minute/2026-11-23/2026-11-24',
      '/v2/aggs/ticker/NEWB/range/15/minute/2026-11-23/2026-11-24',
    ]);
    // Nothing live reached the engine before the history: the websocket connected afterwards.
    expect(ws?.connections).toHaveLength(1);
  });

  it('keeps the ticker details in DATA_DIR/engine: a restart asks for none of them again', async () => {
    const first = await start(true);
    await first.started;
    await feed?.stop();
    await rest?.close();
    await ws?.close();
    const again = await start(true);
    await again.started;
    const paths = (rest?.requests ?? []).map((q) => q.path);
    expect(paths.filter((p) => p.startsWith('/v3/reference/tickers/'))).toEqual([]);
    // The daily bars are still asked (they change every day); the sectors and floats are kept.
    expect(paths.filter((p) => p.startsWith('/v2/aggs/grouped')).length).toBeGreaterThan(0);
    const { table } = again.runtime.engine;
    expect(['AAA', 'NEWB'].map((s) => table.sector[again.runtime.engine.idOf(s)])).toEqual([9, 16]);
    expect(['AAA', 'NEWB'].map((s) => table.float[again.runtime.engine.idOf(s)])).toEqual([15e6, 8e6]);
  });

  it('a restart on the next trading day keeps ATR, squeeze and trend, even with the vendor gone', async () => {
    const { runtime, started } = await start(true);
    await started;
    // Tuesday's close, checkpointed as the engine process does at its interval and on stop.
    const file = path.join(cacheDir, 'checkpoint.bin');
    runtime.sink.clock(Date.UTC(2026, 10, 24, 22, 0));
    await createCheckpointStore(file).save(runtime.engine.snapshot());
    await rest?.close();
    rest = null;
    // Wednesday 09:00 New York, before any print, no REST API to backfill from.
    const wednesday = new EngineRuntime('massive', createCheckpointStore(file), {
      clockStart: Date.UTC(2026, 10, 25, 14, 0),
    });
    expect(await wednesday.restore()).toBe(false);
    expect(wednesday.engine.session.date).toBe(20261125);
    for (const tf of ['1day', '1hr'] as const) {
      for (const sym of ['AAA', 'BBB']) {
        const row = rows(wednesday, tf).get(sym);
        expect(typeof row?.tr, `${sym} ${tf} tr`).toBe('number');
        expect(typeof row?.z, `${sym} ${tf} z`).toBe('number');
        expect(Array.isArray(row?.st), `${sym} ${tf} st`).toBe(true);
      }
    }
  });

  it('lets MARKET_SYMBOLS win per symbol', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'massive-history-'));
    const file = path.join(dir, 'symbols.json');
    const own = {
      sym: 'AAA',
      name: 'Aaa (own)',
      sector: 9,
      float: 12e6,
      shortRatio: 1.5,
      optionable: true,
      prevClose: 49,
      avgVolume: 1e6,
      exchange: 'NASDAQ',
    };
    await writeFile(file, JSON.stringify([own]));
    const { runtime, started } = await start(true, file);
    await started;
    const id = runtime.engine.idOf('AAA');
    expect(runtime.engine.table.names[id]).toBe('Aaa (own)');
    expect(runtime.engine.table.sector[id]).toBe(9);
    expect(runtime.engine.table.prevClose[id]).toBe(49);
    expect(typeof rows(runtime, '1day').get('AAA')?.tr).toBe('number');
  });

  it('asks nothing of the REST API with HISTORY_BACKFILL=off: MARKET_SYMBOLS and live bars only', async () => {
    const { runtime, started } = await start(false);
    await started;
    expect(rest?.requests).toEqual([]);
    expect(runtime.engine.table.count).toBe(0);
  });

  it('never connects when stopped during the backfill', async () => {
    const { started } = await start(true);
    await feed?.stop();
    await started;
    expect(ws?.connections).toEqual([]);
  });

  it('starts live without history when the REST API refuses the key', async () => {
    const { runtime, log, started } = await start(true);
    rest?.failNext('/v3/reference', 401);
    await started;
    expect(
      log.lines.some((l) => l.startsWith('warn massive: history backfill failed') && l.includes('401')),
    ).toBe(true);
    expect(runtime.engine.table.count).toBe(0);
    expect(ws?.connections).toHaveLength(1);
  });
});
