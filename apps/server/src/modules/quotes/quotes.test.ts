import { type Quote, quoteListSchema, quotesEditAnswerSchema, sparklineAnswerSchema } from '@tapeline/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedSubscriber } from '../../test/factories.ts';
import { until } from '../../test/waitFor.ts';
import { withApp } from '../../test/withApp.ts';
import { tradeLine } from '../market/feeds/replay/ndjson.ts';

// The favourite-quote calls of docs/quotes-news.md §1 over real HTTP on a hand-fed engine.
// Thursday 19 Nov 2026 closes ABC at 10.00; Friday's pre-market prints from 04:00 New York
// (09:00 UTC) build the card: 04:00 and 04:03 in slot 0, none in slot 1, 04:12 and 04:14 in slot 2.
const THU_CLOSE = Date.UTC(2026, 10, 19, 20, 59);
const FRI_0400 = Date.UTC(2026, 10, 20, 9, 0);
const min = (m: number) => FRI_0400 + m * 60_000;
/** Symbols enough for two 40-symbol saves racing each other. */
const RACE = Array.from({ length: 80 }, (_, i) => `R${String(i).padStart(2, '0')}`);
const LISTED = ['ABC', 'MSFT', 'AAPL', 'XYZ', 'BRK.B', ...RACE];

const app = withApp({
  mail: 'outbox',
  env: { MARKET_FEED: `manual:${new Date(THU_CLOSE - 60_000).toISOString()}` },
});

beforeAll(async () => {
  const engine = app.app.market.engine;
  if (!engine) throw new Error('the manual feed runs an engine');
  engine.push([
    tradeLine('ABC', 9.9, 100, THU_CLOSE - 30_000),
    tradeLine('ABC', 10, 100, THU_CLOSE),
    ...LISTED.filter((s) => s !== 'ABC').map((s) => tradeLine(s, 50, 100, THU_CLOSE)),
    // A test symbol trades too: it is still never a favourite.
    tradeLine('ZVZZT', 10, 100, THU_CLOSE),
  ]);
  engine.push([
    tradeLine('ABC', 10.1, 100, min(0)),
    tradeLine('ABC', 10.15, 100, min(3)),
    tradeLine('ABC', 10.3, 100, min(12)),
    tradeLine('ABC', 10.25, 100, min(14)),
  ]);
  await until('the engine lists every symbol', async () => {
    const names = JSON.parse(await engine.query({ kind: 'names' })) as { s: string }[];
    return LISTED.every((s) => names.some((n) => n.s === s)) ? true : undefined;
  });
});

type Call = <T = unknown>(
  method: string,
  url: string,
  body?: unknown,
) => Promise<{ status: number; body: T }>;

async function trader(): Promise<Call> {
  const { token } = await seedSubscriber(app);
  return async <T>(method: string, url: string, body?: unknown) => {
    const res = await app.call<T>(method, url, { token, body });
    return { status: res.status, body: res.body };
  };
}

const symbolsOf = (list: Quote[]) => list.map((q) => q.symbol);
const listOf = async (call: Call) =>
  symbolsOf(quoteListSchema.parse((await call('GET', '/api/quotes')).body));
const save = (call: Call, adds: string[], deletes: string[] = []) =>
  call<Record<string, unknown>>('POST', '/api/quotes', { adds, deletes });

describe('POST /api/quotes', () => {
  it('answers the design example: case, blanks, an unlisted symbol and two duplicates', async () => {
    const call = await trader();
    expect(await call('GET', '/api/quotes')).toEqual({ status: 200, body: [] });
    expect((await save(call, ['MSFT'])).status).toBe(200);

    const res = await save(call, ['abc', ' ', 'NOPE1', 'MSFT', 'abc']);
    expect(res.status).toBe(200);
    const answer = quotesEditAnswerSchema.parse(res.body);
    expect({ ...answer, data: symbolsOf(answer.data) }).toEqual({
      success: true,
      overflow: false,
      data: ['MSFT', 'ABC'],
      invalids: ['NOPE1'],
      duplicates: ['MSFT', 'ABC'],
      error: null,
    });
    expect(await listOf(call)).toEqual(['MSFT', 'ABC']);
  });

  it('refuses blanks only with empty_symbol and changes nothing', async () => {
    const call = await trader();
    await save(call, ['AAPL']);
    const res = await save(call, [], ['']);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      success: false,
      error: 'empty_symbol',
      message: 'No symbols found to be added or deleted.',
    });
    expect((await save(call, [' ', '  '], [])).body).toMatchObject({ error: 'empty_symbol' });
    expect(await listOf(call)).toEqual(['AAPL']);
  });

  it('calls malformed, test and unlisted symbols invalid', async () => {
    const call = await trader();
    const res = await save(call, ['1BAD', 'zvzzt', 'TEST', 'NOPE', 'brk.b', 'A'.repeat(12)]);
    expect(res.body).toMatchObject({
      success: true,
      invalids: ['1BAD', 'ZVZZT', 'TEST', 'NOPE', 'A'.repeat(12)],
      duplicates: [],
    });
    expect(await listOf(call)).toEqual(['BRK.B']);
  });

  it('applies deletes first, then appends in order', async () => {
    const call = await trader();
    await save(call, ['ABC', 'MSFT', 'AAPL']);
    const res = await save(call, ['XYZ', 'msft'], ['msft', 'NOPE', 'ABC']);
    expect(res.status).toBe(200);
    expect(await listOf(call)).toEqual(['AAPL', 'XYZ', 'MSFT']);
  });

  it('keeps 75 all or nothing', async () => {
    const call = await trader();
    expect((await save(call, RACE.slice(0, 70))).status).toBe(200);
    const over = await save(call, RACE.slice(70, 76));
    expect(over.status).toBe(400);
    const answer = quotesEditAnswerSchema.parse(over.body);
    expect(answer).toMatchObject({ success: false, overflow: true, error: 'overflow' });
    expect(symbolsOf(answer.data)).toEqual(RACE.slice(0, 70));
    expect(await listOf(call)).toEqual(RACE.slice(0, 70));
    expect((await save(call, RACE.slice(70, 75))).status).toBe(200);
    expect(await listOf(call)).toHaveLength(75);
  });

  it('lets one of two racing 40-symbol saves through', async () => {
    const call = await trader();
    const answers = await Promise.all([save(call, RACE.slice(0, 40)), save(call, RACE.slice(40, 80))]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    expect(await listOf(call)).toHaveLength(40);
  });

  it('refuses a malformed body with a 400 that changes nothing', async () => {
    const call = await trader();
    await save(call, ['ABC']);
    for (const body of [{ adds: 'ABC' }, { adds: [1] }, { adds: ['X'.repeat(33)] }, { deletes: {} }, '[]']) {
      const res = await call<{ error: string }>('POST', '/api/quotes', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toBe('bad_request');
    }
    expect(await listOf(call)).toEqual(['ABC']);
  });

  it('keeps each trader to their own list', async () => {
    const a = await trader();
    const b = await trader();
    await save(a, ['ABC']);
    expect(await listOf(b)).toEqual([]);
    expect((await b('DELETE', '/api/quotes/ABC')).status).toBe(200);
    expect(await listOf(a)).toEqual(['ABC']);
  });
});

describe('DELETE /api/quotes/{symbol}', () => {
  it('removes the symbol, closes the gap, and is idempotent', async () => {
    const call = await trader();
    await save(call, ['ABC', 'MSFT', 'AAPL']);
    const res = await call<{ success: boolean; data: Quote[] }>('DELETE', '/api/quotes/msft');
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(symbolsOf(res.body.data)).toEqual(['ABC', 'AAPL']);
    const again = await call<{ data: Quote[] }>('DELETE', '/api/quotes/MSFT');
    expect(again.status).toBe(200);
    expect(symbolsOf(again.body.data)).toEqual(['ABC', 'AAPL']);
    // Positions stayed 0..n−1: a later add lands last.
    await save(call, ['XYZ']);
    expect(await listOf(call)).toEqual(['ABC', 'AAPL', 'XYZ']);
    expect((await call('DELETE', '/api/quotes/1BAD')).status).toBe(400);
  });
});

describe('POST /api/quotes/reorder', () => {
  it('puts named symbols first, the rest after, ignoring unknown and repeated names', async () => {
    const call = await trader();
    await save(call, ['ABC', 'MSFT', 'AAPL', 'XYZ']);
    const res = await call('POST', '/api/quotes/reorder', { quotes: ['xyz', 'NOPE', 'AAPL', 'XYZ', ''] });
    expect(res).toEqual({ status: 200, body: { success: true } });
    expect(await listOf(call)).toEqual(['XYZ', 'AAPL', 'ABC', 'MSFT']);
    expect((await call('POST', '/api/quotes/reorder', { quotes: 'XYZ' })).status).toBe(400);
    expect(await listOf(call)).toEqual(['XYZ', 'AAPL', 'ABC', 'MSFT']);
  });
});

describe('POST /api/quotes/pin/{symbol}', () => {
  it('sets a pin to 4 decimals, resets on null and 0, refuses bad values and unlisted symbols', async () => {
    const call = await trader();
    await save(call, ['ABC']);
    const pin = (body: unknown, symbol = 'abc') =>
      call<{ success: boolean; data: Quote; error: string }>('POST', `/api/quotes/pin/${symbol}`, body);

    const set = await pin({ pin: 11.123456 });
    expect(set.status).toBe(200);
    expect(set.body.data).toMatchObject({ symbol: 'ABC', pin: 11.1235, price: 10.25 });
    // (11.1235 / 10.25 − 1) × 100 = 8.5220 → 8.52
    expect(set.body.data.pin_percent).toBe(8.52);

    expect((await pin({ pin: null })).body.data).toMatchObject({ pin: null, pin_percent: null });
    await pin({ pin: 12 });
    expect((await pin({ pin: 0 })).body.data.pin).toBeNull();

    for (const bad of [{ pin: -1 }, { pin: '12' }, { pin: 1_000_001 }, {}, { pin: 'NaN' }]) {
      const res = await pin(bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    const unlisted = await pin({ pin: 5 }, 'MSFT');
    expect(unlisted.status).toBe(404);
    expect(unlisted.body.error).toBe('not_found');
    expect((await pin({ pin: 5 }, '1BAD')).status).toBe(400);
  });
});

describe('figures from the hand-fed engine', () => {
  it('answers price, percent and dollar distance from the prior close, the session range and the sparkline', async () => {
    const call = await trader();
    await save(call, ['ABC', 'MSFT']);
    await call('POST', '/api/quotes/pin/ABC', { pin: 11 });
    const [abc, msft] = quoteListSchema.parse((await call('GET', '/api/quotes')).body);
    expect(abc).toEqual({
      symbol: 'ABC',
      price: 10.25,
      percent: 2.5,
      dollar_dist: 0.25,
      high: 10.3,
      low: 10.1,
      // Slot 0 (04:00, pre-market kept) closes 10.15, slot 1 repeats it, slot 2 is 10.25 so far.
      sl: [10.15, 10.15, 10.25],
      pin: 11,
      pin_percent: 7.32,
    });
    // MSFT has not printed today: the last close stands, nothing moved, no sparkline yet.
    expect(msft).toMatchObject({ symbol: 'MSFT', price: 50, percent: 0, dollar_dist: 0, sl: [] });
  });

  it('answers sparklines in request order, unlisted ones empty', async () => {
    const call = await trader();
    const res = await call('GET', '/api/stock_info/sparkline/NOPE,abc');
    expect(res.status).toBe(200);
    expect(sparklineAnswerSchema.parse(res.body)).toEqual({
      success: true,
      items: [
        { symbol: 'NOPE', sl: [], pc: null },
        { symbol: 'ABC', sl: [10.15, 10.15, 10.25], pc: 10 },
      ],
    });
  });

  it('refuses sparkline requests of no, too many or malformed symbols', async () => {
    const call = await trader();
    for (const symbols of ['%20', ',', RACE.concat(RACE).slice(0, 76).join(','), 'ABC,1BAD', 'ABC,,MSFT']) {
      expect((await call('GET', `/api/stock_info/sparkline/${symbols}`)).status, symbols).toBe(400);
    }
    expect((await call('GET', `/api/stock_info/sparkline/${RACE.slice(0, 75).join(',')}`)).status).toBe(200);
  });
});

describe('without an engine', () => {
  const bare = withApp({ mail: 'outbox' });

  it('answers the list with null figures, checks symbols by pattern only, and never fails', async () => {
    const { token } = await seedSubscriber(bare);
    const res = await bare.call<Record<string, unknown>>('POST', '/api/quotes', {
      token,
      body: { adds: ['NOPE1', '1BAD'], deletes: [] },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ invalids: ['1BAD'] });
    const list = await bare.call('GET', '/api/quotes', { token });
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      {
        symbol: 'NOPE1',
        price: null,
        percent: null,
        dollar_dist: null,
        high: null,
        low: null,
        sl: [],
        pin: null,
        pin_percent: null,
      },
    ]);
    const pinned = await bare.call('POST', '/api/quotes/pin/NOPE1', { token, body: { pin: 3 } });
    expect(pinned.body).toMatchObject({ data: { pin: 3, pin_percent: null } });
    const spark = await bare.call('GET', '/api/stock_info/sparkline/NOPE1', { token });
    expect(spark.body).toEqual({ success: true, items: [{ symbol: 'NOPE1', sl: [], pc: null }] });
  });
});
