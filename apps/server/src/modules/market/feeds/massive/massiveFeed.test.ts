import { SaleCondition } from '@tapeline/market';
import { afterEach, describe, expect, it } from 'vitest';
import {
  captureSink,
  type FakeServer,
  recordingLogger,
  startFakeServer,
  waitUntil,
} from '../testing/fakeWsServer.ts';
import { MASSIVE_SUBSCRIPTION, MassiveFeed } from './massiveFeed.ts';

// A fake massive stocks cluster speaking the documented protocol: status frames, auth by
// params, subscribe by params, arrays of T and LULD messages.

const KEY = 'test-key';
const T0 = 1_763_994_600_000;
let server: FakeServer | null = null;
let feed: MassiveFeed | null = null;

afterEach(async () => {
  await feed?.stop();
  await server?.close();
  feed = null;
  server = null;
});

function handshake(
  onSubscribed: (conn: Parameters<Parameters<typeof startFakeServer>[0]>[0]) => void,
  authOk = true,
) {
  return startFakeServer(
    (conn) => conn.send([{ ev: 'status', status: 'connected', message: 'Connected Successfully' }]),
    (conn, msg) => {
      if (msg.action === 'auth') {
        const ok = authOk && msg.params === KEY;
        conn.send([
          {
            ev: 'status',
            status: ok ? 'auth_success' : 'auth_failed',
            message: ok ? 'authenticated' : 'authentication failed',
          },
        ]);
      } else if (msg.action === 'subscribe') {
        conn.send([{ ev: 'status', status: 'success', message: `subscribed to: ${msg.params}` }]);
        onSubscribed(conn);
      }
    },
  );
}

describe('massive feed', () => {
  it('authenticates, subscribes to T.* and LULD.*, maps trades and LULD halts, skips junk, reconnects', async () => {
    server = await handshake((conn) => {
      if (conn.index === 0) {
        conn.send([
          { ev: 'T', sym: 'ABC', x: 4, i: '1', z: 3, p: 101.5, s: 200, c: [12], t: T0, q: 1 },
          { ev: 'T', sym: 'XYZ', x: 11, i: '2', z: 1, p: 0.5123, s: 5000, c: [14, 37], t: T0 + 1, q: 2 },
          { ev: 'LULD', T: 'XYZ', h: 0.6, l: 0.4, i: [17], z: 3, t: T0 + 2, q: 3 },
          { ev: 'LULD', T: 'ABC', h: 111.65, l: 91.35, i: [], z: 3, t: T0 + 3, q: 4 },
        ]);
        conn.send('this is not json');
        conn.send([42, { ev: 'T', sym: 'BAD', p: 'x', s: 1, t: T0 }]);
        setTimeout(() => conn.socket.terminate(), 20);
      } else {
        conn.send([
          { ev: 'LULD', T: 'XYZ', h: 0.6, l: 0.4, i: [18], z: 3, t: T0 + 300_000, q: 5 },
          { ev: 'T', sym: 'XYZ', p: 0.55, s: 100, t: T0 + 300_001 },
        ]);
      }
    });
    const { sink, got } = captureSink();
    feed = new MassiveFeed({
      apiKey: KEY,
      url: server.url,
      symbolsFile: null,
      backoff: { baseMs: 10, maxMs: 20 },
    });
    await feed.start(sink);
    await waitUntil(() => got.trades.length === 3);
    expect(server.connections).toHaveLength(2);
    for (const conn of server.connections) {
      expect(conn.received).toEqual([
        { action: 'auth', params: KEY },
        { action: 'subscribe', params: MASSIVE_SUBSCRIPTION },
      ]);
    }
    expect(MASSIVE_SUBSCRIPTION).toBe('T.*,LULD.*');
    expect(got.trades).toEqual([
      ['ABC', 101.5, 200, T0],
      ['XYZ', 0.5123, 5000, T0 + 1],
      ['XYZ', 0.55, 100, T0 + 300_001],
    ]);
    // Sale conditions by Massive id: 12 form T (a regular print here), 14 ISO + 37 odd lot.
    expect(got.conditions).toEqual([0, SaleCondition.odd_lot, 0]);
    expect(got.statuses).toEqual([
      ['XYZ', true, 'LUDP', T0 + 2],
      ['XYZ', false, 'LUDP', T0 + 300_000],
    ]);
    expect(got.references).toBe(1);
    expect(feed.stats()).toEqual({ trades: 3, statuses: 2, malformed: 3, reconnects: 1 });
  });

  it('stops with a clear error when the key is refused, without retrying', async () => {
    server = await handshake(() => {}, false);
    const { lines, logger } = recordingLogger();
    feed = new MassiveFeed({
      apiKey: KEY,
      url: server.url,
      symbolsFile: null,
      logger,
      backoff: { baseMs: 5 },
    });
    await expect(feed.start(captureSink().sink)).rejects.toThrow(/authentication failed.*MASSIVE_API_KEY/);
    await new Promise((r) => setTimeout(r, 60));
    expect(server.connections).toHaveLength(1);
    expect(lines.some((l) => l.startsWith('error massive: authentication failed'))).toBe(true);
  });

  it('waits the long backoff after max_connections, then connects', async () => {
    const at: number[] = [];
    server = await startFakeServer(
      (conn) => {
        at.push(Date.now());
        if (conn.index === 0) {
          conn.send([
            {
              ev: 'status',
              status: 'max_connections',
              message: 'Maximum number of websocket connections exceeded.',
            },
          ]);
        }
      },
      (conn, msg) => {
        if (msg.action === 'auth')
          conn.send([{ ev: 'status', status: 'auth_success', message: 'authenticated' }]);
      },
    );
    const { lines, logger } = recordingLogger();
    feed = new MassiveFeed({
      apiKey: KEY,
      url: server.url,
      symbolsFile: null,
      logger,
      backoff: { baseMs: 5 },
      limitBackoffMs: 150,
    });
    await feed.start(captureSink().sink);
    expect(at).toHaveLength(2);
    expect((at[1] ?? 0) - (at[0] ?? 0)).toBeGreaterThanOrEqual(140);
    expect(lines.some((l) => l.includes('connection limit exceeded'))).toBe(true);
  });
});
