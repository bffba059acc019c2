import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SaleCondition } from '@tapeline/market';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FeedConfigError } from '../feedConfigError.ts';
import { captureSink } from '../testing/fakeWsServer.ts';
import { recordingSink } from './recorder.ts';
import { ReplayFeed } from './replayFeed.ts';

const T0 = 1_763_994_600_000;
const CANONICAL = [
  `{"type":"trade","sym":"ABC","price":101.5,"size":200,"ts":${T0}}`,
  `{"type":"trade","sym":"ABC","price":101.25,"size":100,"ts":${T0 + 40},"conditions":["odd_lot","out_of_sequence"]}`,
  `{"type":"status","sym":"XYZ","halted":true,"reason":"LUDP","ts":${T0 + 50}}`,
  `{"type":"trade","sym":"Q\\"T","price":0.5123,"size":7,"ts":${T0 + 50}}`,
  `{"type":"status","sym":"XYZ","halted":false,"reason":"LUDP","ts":${T0 + 120}}`,
  `{"type":"trade","sym":"XYZ","price":12.34,"size":1500,"ts":${T0 + 200}}`,
]
  .map((l) => `${l}\n`)
  .join('');
const REFS = [
  {
    sym: 'ABC',
    name: 'Abc Corp.',
    sector: 9,
    float: 1e7,
    shortRatio: 1,
    optionable: true,
    prevClose: 100,
    avgVolume: 1e6,
    exchange: 'NASDAQ',
  },
];

let dir = '';
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'replay-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function replayInto(file: string, speed: number, symbolsFile: string | null = null) {
  const { sink, got } = captureSink();
  const feed = new ReplayFeed({ file, symbolsFile, speed });
  await feed.start(sink);
  await feed.finished;
  return { got, feed };
}

describe('replay feed', () => {
  it('replays a canonical file; recording the replay gives the file back byte for byte', async () => {
    const input = path.join(dir, 'in.ndjson');
    const output = path.join(dir, 'out.ndjson');
    await writeFile(input, CANONICAL);
    const { sink, got } = captureSink();
    const rec = recordingSink(sink, output);
    const feed = new ReplayFeed({ file: input, symbolsFile: null, speed: Number.POSITIVE_INFINITY });
    await feed.start(rec);
    await feed.finished;
    await rec.close();
    expect(await readFile(output, 'utf8')).toBe(CANONICAL);
    expect(got.trades).toHaveLength(4);
    expect(got.statuses).toEqual([
      ['XYZ', true, 'LUDP', T0 + 50],
      ['XYZ', false, 'LUDP', T0 + 120],
    ]);
    expect(got.trades[2]).toEqual(['Q"T', 0.5123, 7, T0 + 50]);
    // Sale conditions travel by name and come back as the same bits.
    expect(got.conditions).toEqual([0, SaleCondition.odd_lot | SaleCondition.out_of_sequence, 0, 0]);
    expect(got.clock).toBe(T0 + 200);
    expect(feed.stats()).toEqual({ trades: 4, statuses: 2, malformed: 0, reconnects: 0 });
  });

  it('counts and skips malformed lines without stopping', async () => {
    const input = path.join(dir, 'bad.ndjson');
    const junk = [
      'not json',
      '[1,2]',
      '{"type":"trade","sym":"ABC","price":"1","size":1,"ts":1}',
      '{"type":"quote","sym":"A","ts":1}',
      '{"type":"status","sym":"A","ts":1}',
      '{"type":"trade","sym":"A","price":-1,"size":1,"ts":1}',
      '{"type":"trade","sym":"ABC","price":1,"size":1',
    ];
    const lines = CANONICAL.trimEnd().split('\n');
    await writeFile(input, [lines[0], ...junk, ...lines.slice(1), ''].join('\n'));
    const { got, feed } = await replayInto(input, Number.POSITIVE_INFINITY);
    expect(got.trades).toHaveLength(4);
    expect(got.statuses).toHaveLength(2);
    expect(feed.stats().malformed).toBe(junk.length);
  });

  it('keeps the recorded pace at REPLAY_SPEED=1 and loads MARKET_SYMBOLS', async () => {
    const input = path.join(dir, 'in.ndjson');
    const symbols = path.join(dir, 'symbols.json');
    await writeFile(input, CANONICAL);
    await writeFile(symbols, JSON.stringify(REFS));
    const references: unknown[] = [];
    const { sink } = captureSink();
    const feed = new ReplayFeed({ file: input, symbolsFile: symbols, speed: 1 });
    const started = Date.now();
    await feed.start({ ...sink, reference: (d) => void references.push(d) });
    await feed.finished;
    // The tape spans 200 ms of recorded time.
    expect(Date.now() - started).toBeGreaterThanOrEqual(180);
    expect(references).toEqual([REFS]);
  });

  it('fails naming the variable for a missing tape or a bad symbols file', async () => {
    const missing = new ReplayFeed({ file: path.join(dir, 'nope.ndjson'), symbolsFile: null, speed: 1 });
    await expect(missing.start(captureSink().sink)).rejects.toThrow(FeedConfigError);
    await expect(missing.start(captureSink().sink)).rejects.toThrow(/^MARKET_FEED/);
    const input = path.join(dir, 'in.ndjson');
    const symbols = path.join(dir, 'symbols.json');
    await writeFile(input, CANONICAL);
    await writeFile(symbols, JSON.stringify([{ sym: 'ABC' }]));
    const bad = new ReplayFeed({ file: input, symbolsFile: symbols, speed: 1 });
    await expect(bad.start(captureSink().sink)).rejects.toThrow(/^MARKET_SYMBOLS entry 0/);
  });

  it('stops mid-tape when asked', async () => {
    const input = path.join(dir, 'slow.ndjson');
    await writeFile(
      input,
      `${CANONICAL.split('\n')[0]}\n{"type":"trade","sym":"ABC","price":1,"size":1,"ts":${T0 + 60_000}}\n`,
    );
    const { sink, got } = captureSink();
    const feed = new ReplayFeed({ file: input, symbolsFile: null, speed: 1 });
    await feed.start(sink);
    await new Promise((r) => setTimeout(r, 30));
    await feed.stop();
    expect(got.trades).toHaveLength(1);
  });
});
