import { inflateRawSync } from 'node:zlib';
import { PROTOCOL_VERSION, STREAM_EVENTS, type StreamBatchRead, streamBatchSchema } from '@tapeline/core';
import { io, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { seedSubscriber } from '../../../test/factories.ts';
import { until } from '../../../test/waitFor.ts';
import { withApp } from '../../../test/withApp.ts';
import { AlpacaFeed } from '../feeds/alpaca/alpacaFeed.ts';
import type { FeedSink, MarketFeed } from '../feeds/feed.ts';
import { MassiveFeed } from '../feeds/massive/massiveFeed.ts';
import { statusLine, tradeLine } from '../feeds/replay/ndjson.ts';
import type { FakeServer } from '../feeds/testing/fakeWsServer.ts';
import { alpacaMessages, massiveMessages, type ScriptEvent } from '../feeds/testing/scriptedSession.ts';
import { FAKE_KEY, FAKE_SECRET, startAlpacaFake, startMassiveFake } from '../feeds/testing/vendorFakes.ts';

// End to end: the Alpaca and massive fakes send a tape whose only prints above the day's high
// are ineligible (odd lot, contingent, average price, cash sale, price variation, seller); the
// real adapters decode it, its events travel the engine thread's NDJSON lines (conditions
// included) into the server's engine, and a subscribed socket hears the batches. No high of
// those symbols reaches it — while a witness symbol's regular new high, sent after them, does.

// Friday 2026-11-20, 09:30 New York: a regular session the hand-fed engine starts in.
const OPEN = Date.UTC(2026, 10, 20, 14, 30);
const app = withApp({ mail: 'outbox', env: { MARKET_FEED: `manual:${new Date(OPEN).toISOString()}` } });

const sockets: Socket[] = [];
const servers: FakeServer[] = [];
const feeds: MarketFeed[] = [];
afterAll(async () => {
  for (const s of sockets.splice(0)) s.close();
  for (const f of feeds.splice(0)) await f.stop();
  for (const s of servers.splice(0)) await s.close();
});

/** Ineligible prints above `base` for `sym`, after one regular print at `base`; the witness last. */
function tape(sym: string, base: number, witness: string, from: number): ScriptEvent[] {
  const above: ScriptEvent[] = (
    [
      ['odd_lot'],
      ['contingent'],
      ['average_price'],
      ['cash_sale'],
      ['price_variation'],
      ['seller'],
      ['odd_lot', 'qualified_contingent'],
    ] as const
  ).map((conditions, i) => ({
    kind: 'trade',
    sym,
    price: base + 1 + i,
    size: 100,
    at: from + 1 + i,
    conditions: [...conditions],
  }));
  return [
    { kind: 'trade', sym, price: base, size: 100, at: from },
    ...above,
    { kind: 'trade', sym: witness, price: 20, size: 100, at: from + 20 },
    { kind: 'trade', sym: witness, price: 21, size: 100, at: from + 21 },
  ];
}

/** A sink that hands every event to the server's engine as the engine thread's NDJSON lines. */
function toEngine(): { sink: FeedSink; count: () => number } {
  let n = 0;
  const engine = app.app.market.engine;
  if (!engine) throw new Error('this app runs no engine');
  return {
    count: () => n,
    sink: {
      trade: (sym, price, size, ts, conditions) => {
        n++;
        engine.push([tradeLine(sym, price, size, ts, conditions).trimEnd()]);
      },
      status: (sym, halted, reason, ts) => engine.push([statusLine(sym, halted, reason, ts).trimEnd()]),
      reference: () => {},
    },
  };
}

describe('a tape whose only new highs are ineligible prints', () => {
  it('reaches no socket as a high, from either vendor’s shapes', async () => {
    const { token } = await seedSubscriber(app);
    const socket = io(app.baseUrl, { auth: { token }, transports: ['websocket'], reconnection: false });
    sockets.push(socket);
    await new Promise((resolve, reject) => {
      socket.once('connect', () => resolve(undefined));
      socket.once('connect_error', reject);
    });
    const heard: StreamBatchRead[] = [];
    socket.on(STREAM_EVENTS.update, (bytes: ArrayBuffer | Buffer) =>
      heard.push(
        streamBatchSchema.parse(JSON.parse(inflateRawSync(Buffer.from(bytes as ArrayBuffer)).toString())),
      ),
    );
    expect(await socket.timeout(5000).emitWithAck(STREAM_EVENTS.subscribe, { v: PROTOCOL_VERSION })).toEqual({
      ok: true,
    });
    const highs = () => heard.flatMap((b) => b.highs.map((e) => [e.symbol, e.last]));

    // Alpaca: a Nasdaq name (UTP letters) and an NYSE name (CTA letters: B is average price there).
    const alpacaTape = [...tape('ODDA', 10, 'WITA', 0), ...tape('ODDN', 30, 'WITB', 40)];
    const listings = [
      { sym: 'ODDA', tape: 'C' as const },
      { sym: 'ODDN', tape: 'A' as const },
    ];
    const a = toEngine();
    const alpacaServer = await startAlpacaFake({
      plan: 'sip',
      onSubscribed: (conn) => conn.send(alpacaMessages(alpacaTape, listings, OPEN + 60_000)),
    });
    servers.push(alpacaServer);
    const alpaca = new AlpacaFeed({
      keyId: FAKE_KEY,
      secretKey: FAKE_SECRET,
      url: alpacaServer.url,
      symbolsFile: null,
      dataFeed: 'sip',
    });
    feeds.push(alpaca);
    await alpaca.start(a.sink);
    await until('the Alpaca witnesses on the socket', () =>
      ['WITA', 'WITB'].every((w) => highs().some(([s]) => s === w)) ? true : undefined,
    );
    expect(a.count()).toBe(alpacaTape.length);

    const m = toEngine();
    const massiveTape = tape('ODDM', 50, 'WITM', 100);
    const massiveServer = await startMassiveFake({
      plan: 'realtime',
      onSubscribed: (conn) =>
        conn.send(massiveMessages(massiveTape, [{ sym: 'ODDM', tape: 'C' }], OPEN + 60_000)),
    });
    servers.push(massiveServer);
    const massive = new MassiveFeed({ apiKey: FAKE_KEY, url: massiveServer.url, symbolsFile: null });
    feeds.push(massive);
    await massive.start(m.sink);
    await until('the massive witness on the socket', () =>
      highs().some(([s]) => s === 'WITM') ? true : undefined,
    );
    expect(m.count()).toBe(massiveTape.length);

    expect(highs().filter(([s]) => String(s).startsWith('ODD'))).toEqual([]);
    expect(highs()).toEqual([
      ['WITA', 21],
      ['WITB', 21],
      ['WITM', 21],
    ]);
  });
});
