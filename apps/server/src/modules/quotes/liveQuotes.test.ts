import { randomBytes } from 'node:crypto';
import {
  PROTOCOL_VERSION,
  QUOTE_EVENTS,
  QUOTE_TOPICS,
  type QuotesFrame,
  type QuoteTickRow,
  quotesFrameSchema,
} from '@tapeline/core';
import type { Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { seedSubscriber, seedUser } from '../../test/factories.ts';
import type { TestApp } from '../../test/testApp.ts';
import { connectTab, until } from '../../test/waitFor.ts';
import { withApp } from '../../test/withApp.ts';

// Live quote prices (docs/quotes-news.md §1): ticks published on the bus by hand, as the engine
// publishes them, reach each trader's subscribed tabs with that trader's symbols only.

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const sockets: Socket[] = [];
/** After each describe's apps are started, so that it runs before they close (hooks unwind). */
const closeSockets = () =>
  afterAll(() => {
    for (const s of sockets.splice(0)) s.close();
  });

/** A tick whose rows all carry `price`, so each frame names the tick it came from. */
function tick(price: number, symbols: string[], v: number = PROTOCOL_VERSION): string {
  const q: QuoteTickRow[] = symbols.map((s) => [s, price, 1.5, 0.15, price + 1, price - 1]);
  return JSON.stringify({ v, ts: price, q });
}

interface Tab {
  socket: Socket;
  frames: QuotesFrame[];
}

async function tab(app: TestApp, token: string, subscribe = true): Promise<Tab & { ack: boolean }> {
  const socket = await connectTab(app.baseUrl, token);
  sockets.push(socket);
  const frames: QuotesFrame[] = [];
  socket.on(QUOTE_EVENTS.update, (frame: unknown) => frames.push(quotesFrameSchema.parse(frame)));
  const ack = subscribe
    ? (
        (await socket.timeout(5000).emitWithAck(QUOTE_EVENTS.subscribe, { v: PROTOCOL_VERSION })) as {
          ok: boolean;
        }
      ).ok
    : false;
  return { socket, frames, ack };
}

const symbolsOf = (frame: QuotesFrame | undefined) => frame?.q.map((row) => row[0]);
const framesOf = (t: Tab, price: number) => t.frames.filter((f) => f.q[0]?.[1] === price);

/**
 * Publishes a tick of `price` on each poll until `t` has its frame: a room moved through the
 * Redis adapter settles on its own time, so the test waits on the frame, not on a delay.
 */
function untilHeard(app: TestApp, t: Tab, price: number, symbols: string[]): Promise<QuotesFrame> {
  return until(`a frame of tick ${price}`, async () => {
    const heard = framesOf(t, price)[0];
    if (!heard) await app.ctx.bus.publish(QUOTE_TOPICS.tick, tick(price, symbols));
    return heard;
  });
}

describe('one node (memory bus)', () => {
  const app = withApp({ mail: 'outbox' });
  closeSockets();
  const saveAs = (token: string, adds: string[], deletes: string[] = []) =>
    app.call('POST', '/api/quotes', { token, body: { adds, deletes } });

  it('sends two traders only their own symbols, one frame per tick', async () => {
    const a = await seedSubscriber(app);
    const b = await seedSubscriber(app);
    await saveAs(a.token, ['ABC', 'MSFT']);
    await saveAs(b.token, ['XYZ']);
    const tabA = await tab(app, a.token);
    const tabB = await tab(app, b.token);
    const idle = await tab(app, a.token, false);
    expect([tabA.ack, tabB.ack]).toEqual([true, true]);

    await app.ctx.bus.publish(QUOTE_TOPICS.tick, tick(10, ['GOOG', 'MSFT', 'XYZ', 'ABC']));
    await until('both frames', () => (tabA.frames[0] && tabB.frames[0] ? true : undefined));
    expect(tabA.frames[0]).toEqual({
      v: PROTOCOL_VERSION,
      q: [
        ['MSFT', 10, 1.5, 0.15, 11, 9],
        ['ABC', 10, 1.5, 0.15, 11, 9],
      ],
    });
    expect(symbolsOf(tabB.frames[0])).toEqual(['XYZ']);

    // A tick nobody here watches sends nothing; the next one finds exactly one more frame each.
    await app.ctx.bus.publish(QUOTE_TOPICS.tick, tick(11, ['GOOG']));
    // Another protocol version is refused whole.
    await app.ctx.bus.publish(QUOTE_TOPICS.tick, tick(12, ['ABC', 'XYZ'], PROTOCOL_VERSION + 1));
    await app.ctx.bus.publish(QUOTE_TOPICS.tick, tick(13, ['ABC', 'XYZ']));
    await until('the second frames', () => (tabA.frames[1] && tabB.frames[1] ? true : undefined));
    expect(tabA.frames.map((f) => f.q[0]?.[1])).toEqual([10, 13]);
    expect(tabB.frames.map((f) => f.q[0]?.[1])).toEqual([10, 13]);
    // A tab that never subscribed hears nothing.
    expect(idle.frames).toEqual([]);
  });

  it('follows an add without reconnecting, stops after a delete and after unsubscribing', async () => {
    const a = await seedSubscriber(app);
    await saveAs(a.token, ['ABC']);
    const t = await tab(app, a.token);
    const other = await tab(app, a.token);

    await saveAs(a.token, ['XYZ']);
    expect(symbolsOf(await untilHeard(app, t, 20, ['XYZ']))).toEqual(['XYZ']);

    expect((await app.call('DELETE', '/api/quotes/ABC', { token: a.token })).status).toBe(200);
    await app.ctx.bus.publish(QUOTE_TOPICS.tick, tick(21, ['ABC', 'XYZ']));
    await until('the frame after the delete', () => framesOf(t, 21)[0]);
    expect(symbolsOf(framesOf(t, 21)[0])).toEqual(['XYZ']);

    const left = (await t.socket
      .timeout(5000)
      .emitWithAck(QUOTE_EVENTS.unsubscribe, { v: PROTOCOL_VERSION })) as { ok: boolean };
    expect(left.ok).toBe(true);
    await app.ctx.bus.publish(QUOTE_TOPICS.tick, tick(22, ['XYZ']));
    // The trader's other tab still subscribed hears the tick: by then this one would have too.
    await until('the other tab hears it', () => framesOf(other, 22)[0]);
    expect(framesOf(t, 22)).toEqual([]);
  });

  it('refuses a subscription without a plan, or of another protocol version', async () => {
    const free = await seedUser(app);
    const refused = await tab(app, free.token);
    expect(refused.ack).toBe(false);

    const a = await seedSubscriber(app);
    await saveAs(a.token, ['ABC']);
    const t = await tab(app, a.token, false);
    const wrong = (await t.socket.timeout(5000).emitWithAck(QUOTE_EVENTS.subscribe, { v: 999 })) as {
      ok: boolean;
    };
    expect(wrong.ok).toBe(false);
    const bare = (await t.socket.timeout(5000).emitWithAck(QUOTE_EVENTS.subscribe)) as { ok: boolean };
    expect(bare.ok).toBe(false);

    const witness = await tab(app, a.token);
    await app.ctx.bus.publish(QUOTE_TOPICS.tick, tick(30, ['ABC']));
    await until('the subscribed tab hears it', () => framesOf(witness, 30)[0]);
    expect(refused.frames).toEqual([]);
    expect(t.frames).toEqual([]);
  });
});

describe('two nodes on one Redis', () => {
  // Their own bus namespace: other suites' engines on this Redis never reach these nodes.
  const env = {
    REDIS_URL,
    JWT_SECRET: randomBytes(32).toString('hex'),
    BUS_PREFIX: `test:quotes:${randomBytes(4).toString('hex')}:`,
  };
  const nodeA = withApp({ mail: 'outbox', env });
  const nodeB = withApp(() => ({ mail: 'outbox', env, shareDatabaseWith: nodeA }));
  closeSockets();

  it('moves rooms on the other node and delivers each tick to a socket exactly once', async () => {
    const a = await seedSubscriber(nodeA);
    await nodeA.call('POST', '/api/quotes', { token: a.token, body: { adds: ['ABC'], deletes: [] } });
    const onB = await tab(nodeB, a.token);
    expect(onB.ack).toBe(true);

    // The add is saved through node A; the socket on node B joins XYZ's room through the adapter.
    await nodeA.call('POST', '/api/quotes', { token: a.token, body: { adds: ['XYZ'], deletes: [] } });
    await untilHeard(nodeA, onB, 40, ['XYZ']);

    // Published once on the bus, heard by both nodes: only node B writes to its socket.
    for (const price of [41, 42, 43]) {
      await nodeA.ctx.bus.publish(QUOTE_TOPICS.tick, tick(price, ['ABC', 'XYZ']));
      await until(`tick ${price}`, () => framesOf(onB, price)[0]);
    }
    for (const price of [41, 42, 43]) {
      expect(framesOf(onB, price)).toHaveLength(1);
      expect(symbolsOf(framesOf(onB, price)[0])).toEqual(['ABC', 'XYZ']);
    }

    // The delete, through node A, takes the socket on node B out of ABC's room.
    await nodeA.call('DELETE', '/api/quotes/ABC', { token: a.token });
    await until('ABC leaves the frames', async () => {
      const price = 50 + onB.frames.length;
      await nodeB.ctx.bus.publish(QUOTE_TOPICS.tick, tick(price, ['ABC', 'XYZ']));
      const frame = await until(`tick ${price}`, () => framesOf(onB, price)[0]);
      return symbolsOf(frame)?.join() === 'XYZ' ? true : undefined;
    });
  });
});
