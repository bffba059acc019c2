import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type StreamBatchView, streamBatchSchema } from '@tapeline/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedSubscriber } from '../../test/factories.ts';
import { withApp } from '../../test/withApp.ts';

// Friday 2026-11-20 from 09:30 New York (UTC−5). ABC closed at 100.00 the day before.
const OPEN = Date.UTC(2026, 10, 20, 14, 30);
const ref = (sym: string, prevClose: number) => ({
  sym,
  name: `${sym} Inc`,
  sector: 9,
  float: 5_000_000,
  shortRatio: 1.5,
  optionable: true,
  prevClose,
  avgVolume: 1_000_000,
  exchange: 'NASDAQ',
});
const tape: [string, number, number][] = [
  ['ABC', 101, 100],
  ['ABC', 102, 200],
  ['ABC', 101.5, 300],
  ['ABC', 103, 400],
  ['XYZ', 50, 100],
  ['XYZ', 49, 100],
  ['XYZ', 48.5, 100],
];

let file = '';
let symbols = '';
beforeAll(async () => {
  const dir = tmpdir();
  file = path.join(dir, `tape-${Date.now()}.ndjson`);
  symbols = path.join(dir, `symbols-${Date.now()}.json`);
  const lines = tape.map(([sym, price, size], i) =>
    JSON.stringify({ type: 'trade', sym, price, size, ts: OPEN + i * 1000 }),
  );
  await writeFile(file, `${lines.join('\n')}\n`);
  await writeFile(symbols, JSON.stringify([ref('ABC', 100), ref('XYZ', 52)]));
});
// Started once the tape above is written (hooks run in order).
const app = withApp(() => ({
  mail: 'outbox',
  env: { MARKET_FEED: `replay:${file}`, MARKET_SYMBOLS: symbols, REPLAY_SPEED: 'max' },
}));

async function dataToken(): Promise<string> {
  const { token } = await seedSubscriber(app, 'proplus');
  return (await app.call<{ token: string }>('POST', '/api/auth/ds/login', { token })).body.token;
}

async function backlog(token: string): Promise<StreamBatchView[]> {
  for (let i = 0; i < 50; i++) {
    const res = await app.call<{ data: unknown }>('GET', '/data/stream_bk', { token });
    const batches = streamBatchSchema.array().parse(res.body.data);
    // The recent view answers at once: wait until the whole file is in it (ABC's second high).
    if (batches.some((b) => b.highs.some((h) => h.symbol === 'ABC' && h.count === 2))) return batches;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('no stream batch from the replay');
}

describe('MARKET_FEED=replay: a file in, numbers computed by hand out', () => {
  it('streams the highs and lows of the file', async () => {
    const batches = await backlog(await dataToken());
    const last = (side: 'highs' | 'lows', sym: string) =>
      batches
        .flatMap((b) => b[side])
        .filter((e) => e.symbol === sym)
        .at(-1);
    // 101 opens the day; 102 and 103 are new highs (count 2). 50 opens; 49, 48.5 are new lows.
    expect(last('highs', 'ABC')).toMatchObject({ symbol: 'ABC', last: 103, count: 2, volume: 1000 });
    expect(last('lows', 'XYZ')).toMatchObject({ symbol: 'XYZ', last: 48.5, count: 2 });
  });

  it('gives Discovery rows with last, volume, % change, gap and VWAP distance from the tape', async () => {
    const token = await dataToken();
    await backlog(token);
    const rows = await app.call<Record<string, unknown>[]>('GET', '/data/discovery?tf=1d', { token });
    const abc = rows.body.find((r) => r.s === 'ABC') as Record<string, number & number[]>;
    expect(abc.l).toBe(103);
    expect(abc.v).toBe(1000);
    // +3.00 on a prior close of 100.00 is +3 %.
    expect(abc.p?.[0]).toBeCloseTo(3, 9);
    expect(abc.p?.[1]).toBeCloseTo(3, 9);
    expect(abc.g).toBeCloseTo(1, 9);
    const vwap = (101 * 100 + 102 * 200 + 101.5 * 300 + 103 * 400) / 1000;
    expect(abc.vw).toBeCloseTo(((103 - vwap) / vwap) * 100, 9);
  });
});
