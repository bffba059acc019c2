import { randomBytes } from 'node:crypto';
import {
  NEWS_EVENTS,
  NEWS_TOPICS,
  type NewsFrame,
  type NewsTimesMessage,
  PROTOCOL_VERSION,
  type SocketAck,
  socketRefusal,
} from '@tapeline/core';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSubscriber, seedUser } from '../../test/factories.ts';
import { connectTab, until } from '../../test/waitFor.ts';
import { withApp } from '../../test/withApp.ts';
import { newsModuleOf } from './newsModule.ts';
import { draft } from './testing/drafts.ts';

// Two API nodes on one database and one Redis, as behind a load balancer (docs/quotes-news.md §3
// "Ingestion"): both hear every news:articles message, the database lets one store each article,
// and only that node pushes it (to tabs on either node, once) and tells the engine its times.

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const env = {
  REDIS_URL,
  JWT_SECRET: randomBytes(32).toString('hex'),
  BUS_PREFIX: `test:news:${randomBytes(4).toString('hex')}:`,
};
const nodeA = withApp({ mail: 'outbox', env });
const nodeB = withApp(() => ({ mail: 'outbox', env, shareDatabaseWith: nodeA }));

const sockets: Socket[] = [];
const frames = new Map<Socket, NewsFrame[]>();
const times: NewsTimesMessage[] = [];
let tabA: Socket;
let tabB: Socket;

async function tab(baseUrl: string, token: string): Promise<Socket> {
  const socket = await connectTab(baseUrl, token);
  sockets.push(socket);
  frames.set(socket, []);
  socket.on(NEWS_EVENTS.update, (frame: NewsFrame) => frames.get(socket)?.push(frame));
  return socket;
}

const subscribe = (socket: Socket, body: unknown = { v: PROTOCOL_VERSION }) =>
  socket.timeout(5000).emitWithAck(NEWS_EVENTS.subscribe, body) as Promise<SocketAck>;

const publish = (drafts: unknown[]) =>
  nodeA.ctx.bus.publish(NEWS_TOPICS.articles, JSON.stringify({ v: PROTOCOL_VERSION, articles: drafts }));

const ingestOf = (node: typeof nodeA) => newsModuleOf(node.app.http).ingest;
const total = (key: 'messages' | 'stored' | 'duplicates' | 'malformed') =>
  ingestOf(nodeA).stats()[key] + ingestOf(nodeB).stats()[key];

/** Both nodes have taken `n` messages and finished storing them. */
async function settled(n: number) {
  await until('both nodes stored the messages', () =>
    ingestOf(nodeA).stats().messages >= n && ingestOf(nodeB).stats().messages >= n ? true : undefined,
  );
  await Promise.all([ingestOf(nodeA).idle(), ingestOf(nodeB).idle()]);
}

beforeAll(async () => {
  const trader = await seedSubscriber(nodeA);
  tabA = await tab(nodeA.baseUrl, trader.token);
  tabB = await tab(nodeB.baseUrl, trader.token);
  expect(await subscribe(tabA)).toEqual({ ok: true });
  expect(await subscribe(tabB)).toEqual({ ok: true });
  await nodeB.ctx.bus.subscribe(NEWS_TOPICS.times, (payload) => times.push(JSON.parse(String(payload))));
});

afterAll(() => {
  for (const socket of sockets) socket.close();
});

describe('news ingest on two API nodes', () => {
  it('stores each article once and pushes it to a subscribed tab on either node once', async () => {
    const now = nodeA.clock.now().getTime();
    const story = draft({
      title: 'Acme Bio wins approval for its lead drug',
      symbols: ['ACMB'],
      publishedAt: now,
    });
    const filing = draft({
      source: 'sec',
      kind: 'filing',
      title: 'ACMB 8-K: Acme Bio Inc',
      symbols: ['ACMB', 'ACMC'],
      publishedAt: now - 1000,
    });
    await publish([story, filing, { ...story, sourceId: '' }, { nonsense: true }]);
    await settled(1);
    expect(total('stored')).toBe(2);
    expect(total('duplicates')).toBe(2);
    expect(total('malformed')).toBe(4); // each node refused the two bad drafts

    // A second message after the first: once its frame is in, the first cannot still be on its way.
    const sentinel = draft({ title: 'A later story that closes the first round', symbols: ['ACMD'] });
    await publish([sentinel]);
    await settled(2);
    // Each article reaches each tab once, from whichever node stored it (racing nodes may split
    // one message's articles between them, so frames are counted by article, not by message).
    for (const socket of [tabA, tabB]) {
      const pushed = () => (frames.get(socket) ?? []).flatMap((frame) => frame.articles);
      await until('the sentinel article', () =>
        pushed().some((a) => a.symbols.includes('ACMD')) ? true : undefined,
      );
      expect((frames.get(socket) ?? []).every((frame) => frame.v === PROTOCOL_VERSION)).toBe(true);
      expect(
        pushed()
          .map((a) => a.title)
          .sort(),
      ).toEqual([
        'A later story that closes the first round',
        'ACMB 8-K: Acme Bio Inc',
        'Acme Bio wins approval for its lead drug',
      ]);
      expect(pushed().find((a) => a.kind === 'filing')).toMatchObject({
        source: { id: 'sec' },
        symbols: ['ACMB', 'ACMC'],
      });
    }

    // The engine hears each article's times once: [symbol, ms, filing 0|1].
    await until('the sentinel times', () =>
      times.some((t) => t.items.some((i) => i[0] === 'ACMD')) ? true : undefined,
    );
    const rows = times.flatMap((t) => t.items).filter((i) => i[0] !== 'ACMD');
    rows.sort((a, b) => a[0].localeCompare(b[0]) || b[1] - a[1]);
    expect(rows).toEqual([
      ['ACMB', now, 0],
      ['ACMB', now - 1000, 1],
      ['ACMC', now - 1000, 1],
    ]);

    const page = await nodeB.call<{ total: number }>('GET', '/api/news?symbols=ACMB', {
      token: (await seedSubscriber(nodeB)).token,
    });
    expect(page.body.total).toBe(2);
  });

  it('joins only subscribers and the right version, and stops pushing after news_unsubscribe', async () => {
    const stranger = await tab(nodeA.baseUrl, (await seedUser(nodeA)).token);
    expect(await subscribe(stranger)).toEqual(socketRefusal('subscription_required'));
    const trader = await seedSubscriber(nodeA);
    const leaver = await tab(nodeB.baseUrl, trader.token);
    expect(await subscribe(leaver, { v: PROTOCOL_VERSION + 1 })).toEqual(socketRefusal('protocol_version'));
    expect(await subscribe(leaver, 'x')).toEqual(socketRefusal('protocol_version'));
    expect(await subscribe(leaver)).toEqual({ ok: true });
    expect(await leaver.timeout(5000).emitWithAck(NEWS_EVENTS.unsubscribe, { v: PROTOCOL_VERSION })).toEqual({
      ok: true,
    });

    const heard = (socket: Socket) =>
      (frames.get(socket) ?? []).some((frame) => frame.articles.some((a) => a.symbols.includes('ACME')));
    await publish([draft({ title: 'Only the subscribed tabs hear of this one', symbols: ['ACME'] })]);
    await settled(3);
    await until('the frame on the subscribed tab', () => (heard(tabA) ? true : undefined));
    await until('the frame on the other subscribed tab', () => (heard(tabB) ? true : undefined));
    expect(frames.get(stranger)).toEqual([]);
    expect(frames.get(leaver)).toEqual([]);
  });

  it('refuses a message of another version or shape without storing anything', async () => {
    const stored = total('stored');
    const malformed = total('malformed');
    await nodeA.ctx.bus.publish(NEWS_TOPICS.articles, JSON.stringify({ v: 99, articles: [draft()] }));
    await nodeA.ctx.bus.publish(NEWS_TOPICS.articles, 'not json');
    await until('both refusals counted', () => (total('malformed') >= malformed + 4 ? true : undefined));
    expect(total('stored')).toBe(stored);
  });

  it('answers news:sync with the newest time per symbol and kind of the last five days', async () => {
    const old = nodeA.clock.now().getTime() - 6 * 86_400_000;
    await publish([
      draft({ title: 'An old story the sync leaves out entirely', symbols: ['SYNC'], publishedAt: old }),
    ]);
    await settled(4);
    times.length = 0;
    await nodeA.ctx.bus.publish(NEWS_TOPICS.sync, JSON.stringify({ v: PROTOCOL_VERSION, engine: 'e1' }));
    // Every node answers (the engine keeps the newest, so repeats are harmless).
    await until('both answers', () => (times.length >= 2 ? true : undefined));
    for (const answer of times.slice(0, 2)) {
      const bySymbol = new Map(answer.items.map(([s, ms, f]) => [`${s}:${f}`, ms]));
      expect(bySymbol.get('ACMB:0')).toBeGreaterThan(0);
      expect(bySymbol.get('ACMB:1')).toBe(bySymbol.get('ACMC:1'));
      expect(bySymbol.has('ACMC:0')).toBe(false);
      expect(bySymbol.has('SYNC:0')).toBe(false);
    }
  });
});
