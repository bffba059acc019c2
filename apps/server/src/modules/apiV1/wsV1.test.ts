import {
  ALERTS_DISPATCHED_TOPIC,
  PROTOCOL_VERSION,
  WS_V1_AUTH_MS,
  WS_V1_CLOSE,
  WS_V1_CONNECTIONS_PER_USER,
  WS_V1_HEARTBEAT_MS,
  WS_V1_MESSAGE_RATE,
  type WsV1ServerMessage,
} from '@tapeline/core';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { seedPersona, seedSubscriber } from '../../test/factories.ts';
import { until } from '../../test/waitFor.ts';
import { withApp } from '../../test/withApp.ts';
import { createKey } from './testing/keys.ts';

// The bots' WebSocket (issue 25 §3): auth by header or first message (never the URL), streams by
// scope and plan, a seq per market stream and resume from the backlog, heartbeats, close codes.

// Friday 2026-11-20, 09:30 New York: a regular session the hand-fed engine starts in.
const OPEN = Date.UTC(2026, 10, 20, 14, 30);
const app = withApp({ mail: 'outbox', env: { MARKET_FEED: `manual:${new Date(OPEN).toISOString()}` } });
const trade = (sym: string, price: number, minute: number) =>
  JSON.stringify({ type: 'trade', sym, price, size: 100, ts: OPEN + minute * 60_000 });

interface Bot {
  ws: WebSocket;
  heard: WsV1ServerMessage[];
  closed: Promise<number>;
  send(message: unknown): void;
  /** The first message heard (now or later) that `pick` accepts. */
  next<T extends WsV1ServerMessage['type']>(
    type: T,
    pick?: (m: Extract<WsV1ServerMessage, { type: T }>) => boolean,
  ): Promise<Extract<WsV1ServerMessage, { type: T }>>;
}

const bots: WebSocket[] = [];
afterAll(() => {
  for (const ws of bots) ws.terminate();
});

function bot(url = '/ws/v1', headers: Record<string, string> = {}): Bot {
  const ws = new WebSocket(`${app.baseUrl.replace('http', 'ws')}${url}`, { headers });
  bots.push(ws);
  const heard: WsV1ServerMessage[] = [];
  ws.on('message', (data) => heard.push(JSON.parse(data.toString()) as WsV1ServerMessage));
  ws.on('error', () => {});
  const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
  const opened = new Promise((resolve) => ws.once('open', resolve));
  return {
    ws,
    heard,
    closed,
    send: (message) => void opened.then(() => ws.send(JSON.stringify(message))),
    next: (type, pick = () => true) =>
      until(`a ${type} message`, () =>
        heard.find((m): m is never => m.type === type && pick(m as never)),
      ) as never,
  };
}

const engine = () => {
  const host = app.app.market.engine;
  if (!host) throw new Error('this app runs no engine');
  return host;
};

describe('/ws/v1', () => {
  it('authenticates by the first message and streams highs with a seq per batch', async () => {
    const { token, user } = await seedSubscriber(app);
    const { key } = await createKey(app, token, ['market:read']);
    const b = bot();
    b.send({ action: 'auth', key });
    expect(await b.next('authenticated')).toMatchObject({ user_id: user.id, scopes: ['market:read'] });
    b.send({ action: 'subscribe', streams: ['highs', 'quotes:spy'] });
    expect(await b.next('subscribed')).toEqual({ type: 'subscribed', streams: ['highs', 'quotes:SPY'] });
    engine().push([10, 10.5, 11].map((p, i) => trade('WSA', p, i)));
    const data = await b.next('data', (m) => m.entries.some((e) => e.symbol === 'WSA'));
    expect(data.stream).toBe('highs');
    expect(data.seq).toBeGreaterThan(0);
    expect(data.entries[0]).toMatchObject({ symbol: 'WSA', active: expect.any(Boolean) });
  });

  it('resumes a market stream from a seq: exactly the batches missed; another epoch is refused', async () => {
    const { token } = await seedSubscriber(app);
    const { key } = await createKey(app, token, ['market:read']);
    const witness = bot('/ws/v1', { authorization: `Bearer ${key}` });
    witness.send({ action: 'subscribe', streams: ['highs'] });
    await witness.next('subscribed');
    engine().push([20, 20.5, 21].map((p, i) => trade('WSB', p, 10 + i)));
    const first = await witness.next('data', (m) => m.entries.some((e) => e.symbol === 'WSB'));
    engine().push([30, 30.5, 31].map((p, i) => trade('WSC', p, 20 + i)));
    await witness.next('data', (m) => m.entries.some((e) => e.symbol === 'WSC'));
    const missed = witness.heard.filter((m) => m.type === 'data' && m.seq > first.seq);

    const late = bot('/ws/v1', { authorization: `Bearer ${key}` });
    late.send({ action: 'subscribe', streams: ['highs'] });
    await late.next('subscribed');
    late.send({ action: 'resume', stream: 'highs', ep: first.ep, seq: first.seq });
    const resumed = await late.next('resumed');
    expect(resumed.batches).toBe(missed.length);
    expect(late.heard.filter((m) => m.type === 'data')).toEqual(missed);

    late.send({ action: 'resume', stream: 'highs', ep: first.ep + 1, seq: 0 });
    expect(await late.next('error')).toMatchObject({ code: 'epoch' });
  });

  it('refuses streams the key or the plan does not open, and a key in the URL', async () => {
    const { token } = await seedSubscriber(app);
    const { key } = await createKey(app, token, ['alerts:read']);
    const b = bot('/ws/v1', { authorization: `Bearer ${key}` });
    b.send({ action: 'subscribe', streams: ['highs', 'alerts'] });
    expect(await b.next('error')).toMatchObject({ code: 'scope_missing' });
    expect(await b.next('subscribed')).toEqual({ type: 'subscribed', streams: ['alerts'] });

    const verified = await seedPersona(app, 'verified');
    if (!verified) throw new Error('persona');
    const unsubscribed = await createKey(app, verified.token, ['market:read']);
    const u = bot('/ws/v1', { authorization: `Bearer ${unsubscribed.key}` });
    u.send({ action: 'subscribe', streams: ['lows'] });
    expect(await u.next('error')).toMatchObject({ code: 'subscription_required' });

    const inUrl = new WebSocket(`${app.baseUrl.replace('http', 'ws')}/ws/v1?api_key=${key}`);
    const status = await new Promise<number | undefined>((resolve) => {
      inUrl.once('unexpected-response', (_req, res) => resolve(res.statusCode));
      inUrl.once('open', () => resolve(undefined));
      inUrl.once('error', () => {});
    });
    expect(status).toBe(400);
  });

  it('closes 4001 without a key in time or with a wrong one; 4008 past the message rate', async () => {
    const silent = bot();
    await until('open', () => (silent.ws.readyState === WebSocket.OPEN ? true : undefined));
    app.clock.advance(WS_V1_AUTH_MS + 1);
    expect(await silent.closed).toBe(WS_V1_CLOSE.authFailed);

    const wrong = bot();
    wrong.send({
      action: 'auth',
      key: 'tl_live_AAAAAAAAAAAAAAAA_BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB',
    });
    expect(await wrong.closed).toBe(WS_V1_CLOSE.authFailed);

    const { token } = await seedSubscriber(app);
    const { key } = await createKey(app, token);
    const chatty = bot('/ws/v1', { authorization: `Bearer ${key}` });
    await chatty.next('authenticated');
    for (let i = 0; i <= WS_V1_MESSAGE_RATE.burst; i++) chatty.send({ action: 'ping' });
    expect(await chatty.closed).toBe(WS_V1_CLOSE.rate);
  });

  it(`holds at most ${WS_V1_CONNECTIONS_PER_USER} connections per user; the next is closed 4029`, async () => {
    const { token } = await seedSubscriber(app);
    const { key } = await createKey(app, token);
    const held = Array.from({ length: WS_V1_CONNECTIONS_PER_USER }, () =>
      bot('/ws/v1', { authorization: `Bearer ${key}` }),
    );
    for (const b of held) await b.next('authenticated');
    const extra = bot('/ws/v1', { authorization: `Bearer ${key}` });
    expect(await extra.closed).toBe(WS_V1_CLOSE.tooManyConnections);
    // One leaves: a place is free again.
    held[0]?.ws.close();
    await held[0]?.closed;
    await bot('/ws/v1', { authorization: `Bearer ${key}` }).next('authenticated');
  });

  it('answers a bad frame with an error, and sends heartbeats', async () => {
    const { token } = await seedSubscriber(app);
    const { key } = await createKey(app, token);
    const b = bot('/ws/v1', { authorization: `Bearer ${key}` });
    await b.next('authenticated');
    b.ws.send('{"action":"dance"}');
    expect(await b.next('error')).toMatchObject({ code: 'bad_message' });
    app.clock.advance(WS_V1_HEARTBEAT_MS);
    expect(await b.next('heartbeat')).toMatchObject({ ts: expect.any(Number) });
    expect(b.ws.readyState).toBe(WebSocket.OPEN);
  });

  it('relays the alerts the outbox dispatches to the bots of that user only', async () => {
    const { token, user } = await seedSubscriber(app);
    const { key } = await createKey(app, token, ['alerts:read']);
    const other = await seedSubscriber(app);
    const otherKey = await createKey(app, other.token, ['alerts:read']);
    const mine = bot('/ws/v1', { authorization: `Bearer ${key}` });
    const theirs = bot('/ws/v1', { authorization: `Bearer ${otherKey.key}` });
    mine.send({ action: 'subscribe', streams: ['alerts'] });
    theirs.send({ action: 'subscribe', streams: ['alerts'] });
    await mine.next('subscribed');
    await theirs.next('subscribed');
    const alert = {
      v: PROTOCOL_VERSION,
      id: 7,
      kind: 'trade',
      symbol: 'WSD',
      msg: 'WSD traded',
      time: OPEN,
      price: 1,
      price_dist: null,
      uv: null,
      vwap: null,
      vwap_dist: null,
      zone: null,
    };
    await app.ctx.bus.publish(
      ALERTS_DISPATCHED_TOPIC,
      JSON.stringify({ v: PROTOCOL_VERSION, userId: user.id, alert }),
    );
    expect(await mine.next('alert')).toMatchObject({ stream: 'alerts', seq: 7, alert: { symbol: 'WSD' } });
    theirs.send({ action: 'ping' });
    await theirs.next('pong');
    expect(theirs.heard.some((m) => m.type === 'alert')).toBe(false);
  });
});
