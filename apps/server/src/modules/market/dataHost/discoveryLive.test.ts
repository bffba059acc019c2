import { randomBytes } from 'node:crypto';
import {
  DISCOVERY_LIVE_EVENTS,
  DISCOVERY_RECHECK_MS,
  type DiscoveryLiveRow,
  type DiscoveryPatch,
  discoveryEndedSchema,
  discoveryPatchSchema,
  PROTOCOL_VERSION,
} from '@tapeline/core';
import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { subscriptions } from '../../../platform/db/schema.ts';
import { seedSubscriber } from '../../../test/factories.ts';
import type { TestApp } from '../../../test/testApp.ts';
import { connectTab, until } from '../../../test/waitFor.ts';
import { withApp } from '../../../test/withApp.ts';
import { discoveryRoom } from './discoveryLive.ts';

// Discovery's live mode over real socket.io clients, on a hand-fed engine: each plan hears its
// own stripped rows, only what changed, computed once per timeframe and plan whatever the number
// of sockets. The node's 1 s timer runs too; the tests tick by hand to go faster and wait on
// what arrives, never on time.

// Friday 2026-11-20, 09:30 New York: a regular session the hand-fed engine starts in.
const OPEN = Date.UTC(2026, 10, 20, 14, 30);
const FEED = `manual:${new Date(OPEN).toISOString()}`;
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const PRO_PLUS_KEYS = ['z', 'mf', 'st', 'sr', 'tr', 'g'];
const trade = (sym: string, price: number, minute: number) =>
  JSON.stringify({ type: 'trade', sym, price, size: 100, ts: OPEN + minute * 60_000 });

const sockets: Socket[] = [];
const closeSockets = () =>
  afterAll(() => {
    for (const s of sockets.splice(0)) s.close();
  });

interface Tab {
  socket: Socket;
  patches: DiscoveryPatch[];
}

async function tab(app: TestApp, token: string): Promise<Tab> {
  const socket = await connectTab(app.baseUrl, token);
  sockets.push(socket);
  const patches: DiscoveryPatch[] = [];
  socket.on(DISCOVERY_LIVE_EVENTS.patch, (patch: unknown) => patches.push(discoveryPatchSchema.parse(patch)));
  return { socket, patches };
}

async function subscribe(t: Tab, body: unknown = { v: PROTOCOL_VERSION, tf: '1d' }): Promise<boolean> {
  const ack = (await t.socket.timeout(5000).emitWithAck(DISCOVERY_LIVE_EVENTS.subscribe, body)) as {
    ok: boolean;
  };
  return ack.ok;
}

function engineOf(app: TestApp) {
  const host = app.app.market.engine;
  if (!host) throw new Error('this app runs no engine');
  return host;
}

/** Waits until the engine serves `symbol` at `price` on 1day (its rows are cached up to 1 s). */
function untilServed(app: TestApp, symbol: string, price: number) {
  return until(`${symbol} at ${price}`, async () => {
    const rows = JSON.parse(
      await app.app.market.source.query({ kind: 'discovery', tf: '1day', access: 'proplus' }),
    ) as DiscoveryLiveRow[];
    return rows.some((row) => row.s === symbol && row.l === price) ? true : undefined;
  });
}

/** Ticks until `t` has heard a patch with `symbol` at `price`. */
function untilPatched(app: TestApp, t: Tab, symbol: string, price: number): Promise<DiscoveryPatch> {
  return until(`a patch of ${symbol} at ${price}`, async () => {
    const heard = t.patches.find((p) => p.rows.some((row) => row.s === symbol && row.l === price));
    if (!heard) await app.app.discoveryLive.tick();
    return heard;
  });
}

const symbolsOf = (patch: DiscoveryPatch | undefined) => patch?.rows.map((row) => row.s).sort();

describe('one node', () => {
  const app = withApp({ mail: 'outbox', env: { MARKET_FEED: FEED } });
  closeSockets();

  it('sends Pro and Pro Plus their plan’s rows, only what changed, and refuses Standard', async () => {
    engineOf(app).push([trade('ABC', 10, 0), trade('DEF', 20, 0), trade('XYZ', 30, 1)]);
    await untilServed(app, 'XYZ', 30);
    const pro = await tab(app, (await seedSubscriber(app, 'pro')).token);
    const plus = await tab(app, (await seedSubscriber(app, 'proplus')).token);
    const standard = await tab(app, (await seedSubscriber(app, 'standard')).token);
    expect(await subscribe(standard)).toBe(false);
    expect(await subscribe(pro, { v: PROTOCOL_VERSION + 1, tf: '1d' })).toBe(false);
    expect(await subscribe(pro, { v: PROTOCOL_VERSION, tf: '7min' })).toBe(false);
    expect(await subscribe(pro)).toBe(true);
    expect(await subscribe(plus)).toBe(true);

    // The first patch of a room is every row, marked full, stripped for the plan.
    const [first] = await until('the full patches', async () => {
      if (!pro.patches[0] || !plus.patches[0]) await app.app.discoveryLive.tick();
      return pro.patches[0] && plus.patches[0] ? [pro.patches[0], plus.patches[0]] : undefined;
    });
    expect(first).toMatchObject({ v: PROTOCOL_VERSION, tf: '1day', full: true, removed: [] });
    expect(symbolsOf(first)).toEqual(['ABC', 'DEF', 'XYZ']);
    for (const row of first?.rows ?? []) for (const key of PRO_PLUS_KEYS) expect(row).not.toHaveProperty(key);
    for (const row of plus.patches[0]?.rows ?? []) expect(row).toHaveProperty('st');

    // One print of ABC: the next patch carries ABC alone, and nothing is sent while nothing changes.
    engineOf(app).push([trade('ABC', 11, 1)]);
    const change = await untilPatched(app, pro, 'ABC', 11);
    expect(change.full).toBeUndefined();
    expect(symbolsOf(change)).toEqual(['ABC']);
    expect(change.removed).toEqual([]);
    expect(pro.patches).toEqual([first, change]);
    expect(symbolsOf(await untilPatched(app, plus, 'ABC', 11))).toEqual(['ABC']);
    expect((await app.app.discoveryLive.tick()).sent).toBe(0);
    expect(pro.patches).toHaveLength(2);
    // Standard never heard a thing.
    expect(standard.patches).toEqual([]);
    for (const t of [pro, plus, standard]) t.socket.close();
  });

  it('computes once per timeframe and plan whatever the sockets, and nothing when nobody listens', async () => {
    const first = await tab(app, (await seedSubscriber(app, 'pro')).token);
    expect(await subscribe(first)).toBe(true);
    await until('the full patch', async () => {
      if (!first.patches[0]) await app.app.discoveryLive.tick();
      return first.patches[0];
    });
    const one = await app.app.discoveryLive.tick();
    expect(one).toMatchObject({ queried: 1, computed: 1 });

    // A late joiner hears the room's rows at once, from what the node already holds.
    const crowd: Tab[] = [];
    for (let i = 0; i < 6; i += 1) crowd.push(await tab(app, (await seedSubscriber(app, 'pro')).token));
    for (const t of crowd) expect(await subscribe(t)).toBe(true);
    for (const t of crowd) {
      expect(t.patches[0]?.full).toBe(true);
      expect(symbolsOf(t.patches[0])).toEqual(symbolsOf(first.patches[0]));
    }
    const many = await app.app.discoveryLive.tick();
    expect(many).toMatchObject({ queried: 1, computed: 1 });

    // Pro Plus on the same timeframe: one more diff, the same one engine query; another timeframe: one more query.
    const plus = await tab(app, (await seedSubscriber(app, 'proplus')).token);
    expect(await subscribe(plus)).toBe(true);
    expect(await app.app.discoveryLive.tick()).toMatchObject({ queried: 1, computed: 2 });
    expect(await subscribe(plus, { v: PROTOCOL_VERSION, tf: '15m' })).toBe(true);
    expect(plus.socket.connected).toBe(true);
    expect(await app.app.discoveryLive.tick()).toMatchObject({ queried: 2, computed: 2 });

    // Everyone leaves (unsubscribe or disconnect): no query, no diff, no patch.
    for (const t of [first, plus, ...crowd.slice(1)]) {
      const ack = (await t.socket
        .timeout(5000)
        .emitWithAck(DISCOVERY_LIVE_EVENTS.unsubscribe, { v: PROTOCOL_VERSION })) as {
        ok: boolean;
      };
      expect(ack.ok).toBe(true);
    }
    crowd[0]?.socket.close();
    await until('the last socket gone', () =>
      (app.app.io.of('/').adapter.rooms.get(discoveryRoom('1day', 'pro'))?.size ?? 0) === 0
        ? true
        : undefined,
    );
    expect(await app.app.discoveryLive.tick()).toEqual({ queried: 0, computed: 0, sent: 0 });
  });
  it('reads the plan again every 30 s: a downgrade gets its plan’s rows, a lapse ends live mode', async () => {
    engineOf(app).push([trade('PLN', 5, 2)]);
    await untilServed(app, 'PLN', 5);
    const seeded = await seedSubscriber(app, 'proplus');
    const t = await tab(app, seeded.token);
    const ended: unknown[] = [];
    t.socket.on(DISCOVERY_LIVE_EVENTS.ended, (message: unknown) => ended.push(message));
    expect(await subscribe(t)).toBe(true);
    const tick = () => app.app.discoveryLive.tick();
    const fulls = () => t.patches.filter((p) => p.full);
    await until('the full patch', async () => (fulls()[0] ? true : void (await tick())));
    expect(fulls()[0]?.rows.every((row) => 'st' in row)).toBe(true);

    // Pro Plus → Pro: the plan read at subscribe holds for the period, then the Pro rows come, whole.
    const setPlan = (changes: Partial<typeof subscriptions.$inferInsert>) =>
      app.ctx.database.db.update(subscriptions).set(changes).where(eq(subscriptions.userId, seeded.user.id));
    await setPlan({ plan: 'pro' });
    await tick();
    expect(fulls()).toHaveLength(1);
    app.clock.advance(DISCOVERY_RECHECK_MS);
    await until('the Pro rows', async () => (fulls()[1] ? true : void (await tick())));
    for (const row of fulls()[1]?.rows ?? [])
      for (const key of PRO_PLUS_KEYS) expect(row).not.toHaveProperty(key);
    expect(t.socket.connected).toBe(true);

    // The plan lapses: live mode ends with the upgrade reason, and nothing more is sent.
    await setPlan({ status: 'canceled', endedAt: app.clock.now() });
    app.clock.advance(DISCOVERY_RECHECK_MS);
    await until('the end of live mode', async () => (ended.length > 0 ? true : void (await tick())));
    expect(discoveryEndedSchema.parse(ended[0])).toEqual({ v: PROTOCOL_VERSION, reason: 'upgrade' });
    const heard = t.patches.length;
    engineOf(app).push([trade('PLN', 6, 3)]);
    await untilServed(app, 'PLN', 6);
    await tick();
    expect(t.patches).toHaveLength(heard);
    t.socket.close();
  });
});

describe('two nodes on one Redis', () => {
  // Their own bus namespace; each node runs its own hand-fed engine and serves its own sockets.
  const env = {
    REDIS_URL,
    MARKET_FEED: FEED,
    JWT_SECRET: randomBytes(32).toString('hex'),
    BUS_PREFIX: `test:discovery:${randomBytes(4).toString('hex')}:`,
  };
  const nodeA = withApp({ mail: 'outbox', env });
  const nodeB = withApp(() => ({ mail: 'outbox', env, shareDatabaseWith: nodeA }));
  closeSockets();

  it('never sends a socket another node’s patch, though the room spans both nodes', async () => {
    engineOf(nodeA).push([trade('AAA', 10, 0)]);
    engineOf(nodeB).push([trade('BBB', 20, 0)]);
    await untilServed(nodeA, 'AAA', 10);
    await untilServed(nodeB, 'BBB', 20);
    const { token } = await seedSubscriber(nodeA, 'pro');
    const onA = await tab(nodeA, token);
    const onB = await tab(nodeB, token);
    expect(await subscribe(onA)).toBe(true);
    expect(await subscribe(onB)).toBe(true);
    // Through the adapter the room holds both sockets: only `io.local` keeps node A off node B's.
    await until('the room spans both nodes', async () =>
      (await nodeA.app.io.in(discoveryRoom('1day', 'pro')).fetchSockets()).length === 2 ? true : undefined,
    );

    await untilPatched(nodeA, onA, 'AAA', 10);
    await untilPatched(nodeB, onB, 'BBB', 20);
    engineOf(nodeA).push([trade('AAA', 11, 1)]);
    await untilPatched(nodeA, onA, 'AAA', 11);
    for (let i = 0; i < 3; i += 1) {
      await nodeA.app.discoveryLive.tick();
      await nodeB.app.discoveryLive.tick();
    }
    // A witness: a patch sent after all of the above has reached both sockets.
    engineOf(nodeB).push([trade('BBB', 21, 1)]);
    await untilPatched(nodeB, onB, 'BBB', 21);

    const heard = (t: Tab) => t.patches.flatMap((p) => p.rows.map((row) => `${row.s}@${row.l}`));
    expect(heard(onA)).toEqual(['AAA@10', 'AAA@11']);
    expect(heard(onB)).toEqual(['BBB@20', 'BBB@21']);
  });
});
