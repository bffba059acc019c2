import { inflateRawSync } from 'node:zlib';
import {
  NEWS_TOPICS,
  PROTOCOL_VERSION,
  QUOTE_TOPICS,
  type QuoteTickMessage,
  quoteTickMessageSchema,
  STREAM_EVENTS,
  type StreamBatchWire,
} from '@tapeline/core';
import type { Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryBus } from '../../platform/bus/memoryBus.ts';
import { silentLog } from '../../platform/log.ts';
import { seedSubscriber } from '../../test/factories.ts';
import { createManualClock } from '../../test/manualClock.ts';
import { connectTab, until } from '../../test/waitFor.ts';
import { withApp } from '../../test/withApp.ts';
import { bridgeNews } from './engine/newsBridge.ts';

// Friday 2026-11-20, 09:30 New York: a regular session the hand-fed engine (role all) starts in.
const OPEN = Date.UTC(2026, 10, 20, 14, 30);
const at = (minute: number) => OPEN + minute * 60_000;
const trade = (sym: string, price: number, minute: number) =>
  JSON.stringify({ type: 'trade', sym, price, size: 100, ts: at(minute) });

const app = withApp({ mail: 'outbox', env: { MARKET_FEED: `manual:${new Date(OPEN).toISOString()}` } });
const sockets: Socket[] = [];
afterAll(() => {
  for (const s of sockets) s.close();
});

function engine() {
  const host = app.app.market.engine;
  if (!host) throw new Error('this app runs no engine');
  return host;
}

const newsTimes = (v: number, items: [string, number, 0 | 1][]) =>
  app.ctx.bus.publish(NEWS_TOPICS.times, JSON.stringify({ v, items }));

async function discoveryNews(sym: string): Promise<number | null | undefined> {
  const rows = JSON.parse(
    await app.app.market.source.query({ kind: 'discovery', tf: '1day', access: 'proplus' }),
  ) as { s: string; n: number | null }[];
  return rows.find((r) => r.s === sym)?.n;
}

describe('news times from the bus into the engine', () => {
  it('a news:times message reaches the next stream batch (elements 8 and 11) and the Discovery rows n', async () => {
    const { token } = await seedSubscriber(app);
    const socket = await connectTab(app.baseUrl, token);
    sockets.push(socket);
    expect(await socket.timeout(5000).emitWithAck(STREAM_EVENTS.subscribe, { v: PROTOCOL_VERSION })).toEqual({
      ok: true,
    });
    engine().push([trade('NEWZ', 10, 1)]);
    await until('NEWZ in Discovery', async () =>
      (await discoveryNews('NEWZ')) === undefined ? undefined : true,
    );

    // A story at 08:00, a filing at 09:00; then one of another protocol version, refused, later still.
    const story = Date.UTC(2026, 10, 20, 13, 0);
    const filing = Date.UTC(2026, 10, 20, 14, 0);
    await newsTimes(PROTOCOL_VERSION, [
      ['NEWZ', story, 0],
      ['NEWZ', filing, 1],
      ['UNLISTED', filing, 0],
    ]);
    await newsTimes(PROTOCOL_VERSION + 1, [['NEWZ', at(2), 0]]);
    // Older than what the engine has: times only move forward.
    await newsTimes(PROTOCOL_VERSION, [['NEWZ', story - 60_000, 0]]);
    await until('Discovery n = the filing', async () =>
      (await discoveryNews('NEWZ')) === filing ? true : undefined,
    );

    const raw: StreamBatchWire[] = [];
    socket.on(STREAM_EVENTS.update, (bytes: ArrayBuffer | Buffer) => {
      raw.push(JSON.parse(inflateRawSync(Buffer.from(bytes as ArrayBuffer)).toString()));
    });
    engine().push([trade('NEWZ', 10.5, 3)]);
    const entry = await until('a batch with the new high of NEWZ', () =>
      raw.flatMap((b) => b.highs).find((h) => h[0] === 'NEWZ'),
    );
    expect(entry).toHaveLength(14);
    expect(entry[8]).toBe(filing);
    expect(entry[11]).toBe(story);
    expect(entry[12]).toBe(at(3)); // element 12 (protocol 3): the time of the new high
    // The refused message and the unlisted symbol left no trace.
    expect(await discoveryNews('NEWZ')).toBe(filing);
    const names = JSON.parse(await app.app.market.source.query({ kind: 'names' })) as { s: string }[];
    expect(names.map((n) => n.s)).not.toContain('UNLISTED');
  });

  it('the engine asks for the newest times when it starts, and again on its resync interval', async () => {
    const bus = createMemoryBus();
    const syncs: unknown[] = [];
    await bus.subscribe(NEWS_TOPICS.sync, (p) => syncs.push(JSON.parse(p.toString())));
    const set: unknown[] = [];
    const clock = createManualClock();
    const stop = await bridgeNews(bus, { setNewsTimes: (items) => set.push(items) }, silentLog, clock, 50);
    expect(syncs).toEqual([{ v: PROTOCOL_VERSION, engine: expect.stringMatching(/^[0-9a-f]{16}$/) }]);
    clock.advance(50);
    await until('a resync', () => (syncs.length >= 2 ? true : undefined));
    await bus.publish(NEWS_TOPICS.times, 'not json');
    await bus.publish(
      NEWS_TOPICS.times,
      JSON.stringify({ v: PROTOCOL_VERSION, items: [['ABC', 'soon', 0]] }),
    );
    await bus.publish(NEWS_TOPICS.times, JSON.stringify({ v: PROTOCOL_VERSION, items: [['ABC', 5, 1]] }));
    expect(set).toEqual([[['ABC', 5, 1]]]);
    await stop();
  });
});

describe('quotes from the engine on role all', () => {
  it('the data host source answers the quotes query aligned with the symbols asked, sl only when asked', async () => {
    engine().push([trade('QTE', 20, 4), trade('QTE', 21, 5), trade('QTE', 20.5, 11)]);
    const ask = async (spark: boolean) =>
      JSON.parse(
        await app.app.market.source.query({ kind: 'quotes', symbols: ['QTE', 'NOPE', 'ZVZZT'], spark }),
      );
    const quotes = await until('QTE priced', async () => {
      const answer = await ask(true);
      return answer[0]?.last === 20.5 ? answer : undefined;
    });
    expect(quotes[1]).toBeNull();
    expect(quotes[2]).toBeNull();
    // Hand-fed, no reference: no prior close. The clock stands at 09:30 (slot 66) while prints
    // reach 09:41; the sparkline runs from the first print's slot to the clock's.
    expect(quotes[0]).toMatchObject({ s: 'QTE', last: 20.5, pc: null, high: 21, low: 20 });
    expect((await ask(false))[0]).not.toHaveProperty('sl');
    expect(JSON.parse(await app.app.market.source.query({ kind: 'simNews', since: 0 }))).toEqual([]);
  });

  it('publishes quotes:tick on the bus with the symbols that printed, once a second', async () => {
    const ticks: QuoteTickMessage[] = [];
    const off = await app.ctx.bus.subscribe(QUOTE_TOPICS.tick, (p) =>
      ticks.push(quoteTickMessageSchema.parse(JSON.parse(p.toString()))),
    );
    engine().push([trade('TICK', 7, 12), trade('TICK', 7.25, 13)]);
    const row = await until('TICK in a quote tick', () =>
      ticks.flatMap((t) => t.q).find((r) => r[0] === 'TICK'),
    );
    expect(row).toEqual(['TICK', 7.25, null, null, 7.25, 7]);
    expect(ticks.every((t) => t.v === PROTOCOL_VERSION)).toBe(true);
    await off();
  });
});
