import { defaultChannels, type StreamBatchRead, streamBatchSchema } from '@tapeline/core';
import { discoveryRows } from '@tapeline/market';
import { describe, expect, it } from 'vitest';
import { EngineRuntime } from '../engine/runtime.ts';
import { AlpacaFeed } from './alpaca/alpacaFeed.ts';
import type { FeedSink } from './feed.ts';
import { MassiveFeed } from './massive/massiveFeed.ts';
import { waitUntil } from './testing/fakeWsServer.ts';
import { feedHarness } from './testing/feedHarness.ts';
import {
  alpacaMessages,
  massiveMessages,
  type ScriptEvent,
  type ScriptListing,
} from './testing/scriptedSession.ts';
import { FAKE_KEY, FAKE_SECRET, startAlpacaFake, startMassiveFake } from './testing/vendorFakes.ts';

// A real-format session: one scripted tape — regular prints, an odd lot, an out-of-sequence
// print, a contingent trade, a prior-reference print, an average-price print, a cash sale, an
// ISO, an LULD pause with its bands and resumption, a correction — replayed by the Alpaca and
// the massive fakes in each vendor's exact shapes. Both adapters must make the engine see the
// same highs and lows (stream), the same Discovery figures and the same alerts, and those must
// be what the CTA/UTP table says.

// Monday 24 Nov 2025 (EST), 10:00 New York.
const T0 = Date.UTC(2025, 10, 24, 15, 0);
const USER = '00000000-0000-4000-8000-000000000001';

const LISTINGS: ScriptListing[] = [
  { sym: 'RUN', tape: 'C' },
  { sym: 'BIG', tape: 'A' },
];

const SCRIPT: ScriptEvent[] = [
  { kind: 'trade', sym: 'RUN', price: 10, size: 500, at: 0 },
  { kind: 'trade', sym: 'BIG', price: 50, size: 300, at: 1 },
  { kind: 'trade', sym: 'RUN', price: 10.2, size: 200, at: 2 },
  { kind: 'trade', sym: 'RUN', price: 10.9, size: 40, at: 3, conditions: ['odd_lot'] },
  { kind: 'trade', sym: 'RUN', price: 10.5, size: 100, at: 4, conditions: ['out_of_sequence'] },
  { kind: 'trade', sym: 'RUN', price: 11.1, size: 900, at: 5, conditions: ['contingent'] },
  { kind: 'trade', sym: 'BIG', price: 50.5, size: 100, at: 6, iso: true },
  { kind: 'band', sym: 'RUN', at: 7, up: 11.02, down: 9.98 },
  { kind: 'trade', sym: 'RUN', price: 9.8, size: 100, at: 8, conditions: ['prior_reference'] },
  { kind: 'trade', sym: 'BIG', price: 49, size: 1000, at: 9, conditions: ['cash_sale'] },
  { kind: 'trade', sym: 'RUN', price: 10.6, size: 300, at: 10, iso: true },
  { kind: 'pause', sym: 'RUN', at: 11 },
  { kind: 'resume', sym: 'RUN', at: 311 },
  { kind: 'trade', sym: 'RUN', price: 9.5, size: 5000, at: 312, conditions: ['average_price'] },
  { kind: 'correction', sym: 'RUN', at: 313, price: 10.6, size: 300 },
  { kind: 'trade', sym: 'BIG', price: 49.5, size: 100, at: 314 },
  { kind: 'trade', sym: 'RUN', price: 10.7, size: 100, at: 315 },
];
const TRADES = SCRIPT.filter((e) => e.kind === 'trade').length;

const h = feedHarness();

interface Seen {
  highs: [string, number, number][];
  lows: [string, number, number][];
  halts: [string, boolean, string][];
  alerts: string[];
  discovery: Record<string, { last: number; volume: number; vwapDist: number | null }>;
}

/** Runs the vendor's feed into an engine, draining after every event as the 250 ms tick would. */
async function through(vendor: 'alpaca' | 'massive'): Promise<Seen> {
  const runtime = new EngineRuntime(vendor, null, { clock: { now: () => T0 + 320_000 } });
  for (const { sym, tape } of LISTINGS) {
    runtime.engine.setReference({
      sym,
      name: sym,
      sector: 9,
      float: 1e7,
      shortRatio: 1,
      optionable: true,
      prevClose: sym === 'RUN' ? 9 : 50,
      avgVolume: 1e6,
      exchange: tape === 'C' ? 'NASDAQ' : 'NYSE',
    });
  }
  const [main, alt] = defaultChannels() as [never, never];
  const rule = (id: number, category: string) => ({
    id,
    type: 'trade' as const,
    category,
    rate: 0.1,
    low: null,
    high: null,
  });
  runtime.alerts.setRuleSets([
    {
      userId: USER,
      set: {
        tier: 'proplus',
        rules: [rule(1, 'RUN'), rule(2, 'BIG')],
        filtered: [],
        channels: { main, alt },
        favorites: [],
      },
    },
  ]);
  const seen: Seen = { highs: [], lows: [], halts: [], alerts: [], discovery: {} };
  const drain = () => {
    const json = runtime.drain();
    const fired = runtime.alerts.take();
    if (fired) for (const a of JSON.parse(fired).alerts as { msg: string }[]) seen.alerts.push(a.msg);
    if (!json) return;
    const b: StreamBatchRead = streamBatchSchema.parse(JSON.parse(json));
    for (const h of b.highs) seen.highs.push([h.symbol, h.last, h.count]);
    for (const l of b.lows) seen.lows.push([l.symbol, l.last, l.count]);
    for (const h of b.halts) seen.halts.push([h.symbol, h.active, String(h.flag)]);
  };
  let trades = 0;
  const sink: FeedSink = {
    ...runtime.sink,
    trade: (sym, price, size, ts, conditions) => {
      runtime.sink.trade(sym, price, size, ts, conditions);
      trades++;
      drain();
    },
    status: (sym, halted, reason, ts) => {
      runtime.sink.status(sym, halted, reason, ts);
      drain();
    },
  };
  if (vendor === 'alpaca') {
    const messages = alpacaMessages(SCRIPT, LISTINGS, T0);
    h.server = await startAlpacaFake({ plan: 'sip', onSubscribed: (conn) => conn.send(messages) });
    h.feed = new AlpacaFeed({
      keyId: FAKE_KEY,
      secretKey: FAKE_SECRET,
      url: h.server.url,
      symbolsFile: null,
      dataFeed: 'sip',
    });
  } else {
    const messages = massiveMessages(SCRIPT, LISTINGS, T0);
    h.server = await startMassiveFake({ plan: 'realtime', onSubscribed: (conn) => conn.send(messages) });
    h.feed = new MassiveFeed({ apiKey: FAKE_KEY, url: h.server.url, symbolsFile: null });
  }
  await h.feed.start(sink);
  await waitUntil(() => trades === TRADES);
  for (const row of discoveryRows(runtime.engine, '1day')) {
    seen.discovery[row.s] = {
      last: row.l,
      volume: runtime.engine.day.volume[runtime.engine.idOf(row.s)] ?? 0,
      vwapDist: row.vw,
    };
  }
  return seen;
}

describe('a real-format session from both vendors', () => {
  it('the stream, Discovery and alerts see the same highs and lows, only from eligible prints', async () => {
    const alpaca = await through('alpaca');
    await h.feed?.stop();
    await h.server?.close();
    const massive = await through('massive');
    expect(massive).toEqual(alpaca);
    // What the table says: the odd lot (10.90), the contingent trade (11.10), the cash sale
    // (49.00) and the average-price print (9.50) make nothing; the out-of-sequence print (10.50)
    // and the prior-reference print (9.80) make a high and a low but never the Last.
    expect(alpaca.highs).toEqual([
      ['RUN', 10.2, 1],
      ['RUN', 10.5, 2],
      ['BIG', 50.5, 1],
      ['RUN', 10.6, 3],
      ['RUN', 10.7, 4],
    ]);
    expect(alpaca.lows).toEqual([
      ['RUN', 9.8, 1],
      ['BIG', 49.5, 1],
    ]);
    expect(alpaca.halts).toEqual([
      ['RUN', true, 'LUDP'],
      ['RUN', false, 'LUDP'],
    ]);
    expect(alpaca.alerts).toEqual([
      'RUN new high 10.20',
      'RUN new high 10.50',
      'BIG new high 50.50',
      'RUN new low 9.80',
      'RUN new high 10.60',
      'BIG new low 49.50',
      'RUN new high 10.70',
    ]);
    expect(alpaca.discovery.RUN?.last).toBe(10.7);
    expect(alpaca.discovery.BIG?.last).toBe(49.5);
    // Every print's size counts toward volume (none of these conditions excludes it).
    expect(alpaca.discovery.RUN?.volume).toBe(500 + 200 + 40 + 100 + 900 + 100 + 300 + 5000 + 100);
    expect(alpaca.discovery.BIG?.volume).toBe(300 + 100 + 1000 + 100);
  });
});
