import { newsDraftSchema } from '@tapeline/core';
import { afterEach, describe, expect, it } from 'vitest';
import { until } from '../../../../test/waitFor.ts';
import {
  type FakeServer,
  recordingLogger,
  startFakeServer,
} from '../../../market/feeds/testing/fakeWsServer.ts';
import { type FakeHttp, listedOf, startFakeHttp } from '../testing/fakeHttpServer.ts';
import { alpacaItem } from '../testing/samples.ts';
import { NOW, POLL_MS, sourceStarter } from '../testing/startSource.ts';
import { createAlpacaNewsSource } from './alpacaSource.ts';

// The alpaca source against a loopback news websocket (the vendor's handshake) and REST history.

let ws: FakeServer;
let rest: FakeHttp;
const sources = sourceStarter();

afterEach(async () => {
  await sources.stopAll();
  await ws?.close();
  await rest?.close();
});

type WsMode = 'ok' | 'refuse' | 'drop';

async function run(wsMode: () => WsMode, pages: Record<string, unknown> = {}) {
  ws = await startFakeServer(
    (conn) => {
      if (wsMode() === 'drop') conn.socket.terminate();
      else conn.send([{ T: 'success', msg: 'connected' }]);
    },
    (conn, m) => {
      if (m.action === 'auth') {
        if (wsMode() === 'refuse') conn.send([{ T: 'error', code: 402, msg: 'auth failed' }]);
        else conn.send([{ T: 'success', msg: 'authenticated' }]);
      } else if (m.action === 'subscribe') conn.send([{ T: 'subscription', news: ['*'] }]);
    },
  );
  rest = await startFakeHttp((req) => {
    const body = pages[req.query.get('page_token') ?? ''] ?? { news: [], next_page_token: null };
    return { status: 200, body: JSON.stringify(body) };
  });
  const { logger, lines } = recordingLogger();
  const started = await sources.start((clock) =>
    createAlpacaNewsSource({
      keyId: 'KEY',
      secretKey: 'SECRET',
      wsUrl: ws.url,
      restUrl: `${rest.url}/v1beta1/news`,
      listed: listedOf('ACMB'),
      ...clock,
      logger,
    }),
  );
  return { ...started, lines };
}

const subscribed = () =>
  ws.connections.some((c) => c.received.some((m) => (m as { action?: string }).action === 'subscribe'));

describe('alpaca news source', () => {
  it('authenticates and subscribes to all news, and maps a live item', async () => {
    const { drafts } = await run(() => 'ok');
    await until('subscribed', () => (subscribed() ? true : undefined));
    const conn = ws.connections[0];
    expect(conn?.received).toEqual([
      { action: 'auth', key: 'KEY', secret: 'SECRET' },
      { action: 'subscribe', news: ['*'] },
    ]);
    await until('acknowledged', () => (conn && conn.received.length === 2 ? true : undefined));
    conn?.send([{ T: 'n', ...alpacaItem(24918784) }]);
    await until('live item', () => (drafts.length === 1 ? true : undefined));
    expect(drafts[0]).toEqual({
      source: 'alpaca',
      sourceId: '24918784',
      publisher: 'Benzinga',
      kind: 'news',
      title: 'Acme Bio item 24918784',
      description: 'Acme Bio said…',
      url: 'https://www.benzinga.com/news/24918784',
      imageUrl: null,
      symbols: ['ACMB'],
      bodyHtml: '<p>Acme Bio said more.</p>',
      linkToFilingDetails: null,
      form: null,
      publishedAt: Date.parse('2026-11-20T13:05:00Z'),
      updatedAt: Date.parse('2026-11-20T13:05:01Z'),
    });
    // An update of the same item comes through again; a repeat does not; garbage is counted.
    conn?.send([
      { T: 'n', ...alpacaItem(24918784) },
      { T: 'n', ...alpacaItem(24918784, { updated_at: '2026-11-20T13:10:00Z' }) },
    ]);
    conn?.send('not json');
    await until('update', () => (drafts.length === 2 ? true : undefined));
    expect(drafts[1]?.updatedAt).toBe(Date.parse('2026-11-20T13:10:00Z'));
  });

  it('reads the history at start with the APCA headers, paging by page_token', async () => {
    const { drafts } = await run(() => 'ok', {
      '': {
        news: [
          alpacaItem(2, {
            images: [
              { size: 'large', url: 'https://img.example.com/l.jpg' },
              { size: 'thumb', url: 'https://img.example.com/t.jpg' },
            ],
          }),
        ],
        next_page_token: 'tok2',
      },
      tok2: {
        news: [alpacaItem(1, { images: [{ size: 'small', url: 'https://img.example.com/s.jpg' }] })],
        next_page_token: null,
      },
    });
    await until('two history items', () => (drafts.length === 2 ? true : undefined));
    expect(drafts.map((d) => [d.sourceId, d.imageUrl])).toEqual([
      ['2', 'https://img.example.com/t.jpg'],
      ['1', 'https://img.example.com/s.jpg'],
    ]);
    for (const d of drafts) expect(newsDraftSchema.safeParse(d).success).toBe(true);
    const [first, second] = rest.requests;
    expect(first?.path).toBe('/v1beta1/news');
    expect(Object.fromEntries(first?.query ?? [])).toEqual({
      start: new Date(NOW - 24 * 3_600_000).toISOString(),
      sort: 'desc',
      limit: '50',
      include_content: 'true',
    });
    expect(second?.query.get('page_token')).toBe('tok2');
    expect(first?.headers['apca-api-key-id']).toBe('KEY');
    expect(second?.headers['apca-api-secret-key']).toBe('SECRET');
  });

  it('polls the history while the socket is down, and not while it is up', async () => {
    let mode: WsMode = 'drop';
    const { clock, source, lines } = await run(() => mode);
    await until('history at start', () => (rest.requests.length === 1 ? true : undefined));
    await until('dropped', () =>
      lines.some((l) => l.includes('reconnecting in 3750 ms')) ? true : undefined,
    );
    mode = 'ok';
    // The minute holds the reconnect (3.75 s backoff) and the poll, which finds the socket down.
    clock.advance(POLL_MS);
    await until('history again while down', () => (rest.requests.length === 2 ? true : undefined));
    await until('subscription acknowledged', () =>
      ws.connections[1]?.received.length === 2 ? true : undefined,
    );
    await until('poll settled', () => (source.stats().lastOkAt === NOW + POLL_MS ? true : undefined));
    clock.advance(POLL_MS);
    await until('next poll settled', () =>
      source.stats().lastOkAt === NOW + 2 * POLL_MS ? true : undefined,
    );
    expect(rest.requests).toHaveLength(2);
  });

  it('refused keys (402) are logged naming the variables and retried after 10 minutes', async () => {
    let mode: WsMode = 'refuse';
    const { clock, lines } = await run(() => mode);
    await until('refused', () => (lines.some((l) => l.includes('402')) ? true : undefined));
    expect(lines.find((l) => l.includes('402'))).toMatch(/^error .*ALPACA_KEY_ID and ALPACA_SECRET_KEY/);
    await until('closed', () =>
      lines.some((l) => l.includes('reconnecting in 600000 ms')) ? true : undefined,
    );
    mode = 'ok';
    clock.advance(10 * 60_000 - 1);
    expect(ws.connections).toHaveLength(1);
    clock.advance(1);
    await until('reconnected and subscribed', () => (subscribed() ? true : undefined));
  });
});
