import { SaleCondition } from '@tapeline/market';
import { afterEach, describe, expect, it } from 'vitest';
import {
  captureSink,
  type FakeConnection,
  type FakeServer,
  recordingLogger,
  startFakeServer,
  waitUntil,
} from '../testing/fakeWsServer.ts';
import { AlpacaFeed } from './alpacaFeed.ts';
import { haltReason, haltState, rfc3339ToMs } from './codes.ts';

// A fake Alpaca v2 stock stream: welcome, auth by key/secret, subscription ack, data arrays.

const KEY = 'AK-test';
const SECRET = 'secret';
let server: FakeServer | null = null;
let feed: AlpacaFeed | null = null;

afterEach(async () => {
  await feed?.stop();
  await server?.close();
  feed = null;
  server = null;
});

function alpacaServer(
  onSubscribed: (conn: FakeConnection) => void,
  first?: (conn: FakeConnection) => boolean,
) {
  return startFakeServer(
    (conn) => {
      if (first?.(conn)) return;
      conn.send([{ T: 'success', msg: 'connected' }]);
    },
    (conn, msg) => {
      if (msg.action === 'auth') {
        if (msg.key === KEY && msg.secret === SECRET) conn.send([{ T: 'success', msg: 'authenticated' }]);
        else {
          conn.send([{ T: 'error', code: 402, msg: 'auth failed' }]);
          conn.socket.close();
        }
      } else if (msg.action === 'subscribe') {
        conn.send([
          {
            T: 'subscription',
            trades: msg.trades,
            quotes: [],
            bars: [],
            statuses: msg.statuses,
            lulds: msg.lulds,
          },
        ]);
        onSubscribed(conn);
      }
    },
  );
}

const feedFor = (url: string, extra: Partial<ConstructorParameters<typeof AlpacaFeed>[0]> = {}) =>
  new AlpacaFeed({
    keyId: KEY,
    secretKey: SECRET,
    url,
    symbolsFile: null,
    backoff: { baseMs: 10, maxMs: 20 },
    ...extra,
  });

describe('alpaca feed', () => {
  it('authenticates, subscribes, maps trades, halts and resumes, skips junk, reconnects', async () => {
    server = await alpacaServer((conn) => {
      if (conn.index === 0) {
        conn.send([
          {
            T: 't',
            i: 96921,
            S: 'AAPL',
            x: 'D',
            p: 126.55,
            s: 1,
            t: '2021-02-22T15:51:44.208123456Z',
            c: ['@', 'I'],
            z: 'C',
          },
          {
            T: 's',
            S: 'XYZ',
            sc: 'H',
            sm: 'Trading Halt',
            rc: 'T1',
            rm: 'Halt News Pending',
            t: '2021-02-22T15:52:00.000000001Z',
            z: 'C',
          },
          {
            T: 's',
            S: 'XYZ',
            sc: 'Q',
            sm: 'Quotation Resumption',
            rc: 'T1',
            rm: '',
            t: '2021-02-22T16:20:00Z',
            z: 'C',
          },
          {
            T: 's',
            S: 'XYZ',
            sc: 'T',
            sm: 'Trading Resumption',
            rc: 'T1',
            rm: '',
            t: '2021-02-22T16:25:00Z',
            z: 'C',
          },
          { T: 'l', S: 'AAPL', u: 139.2, d: 113.9, i: 'B', t: '2021-02-22T15:53:00Z', z: 'C' },
          { T: 't', S: 'BAD', p: 1, s: 1, t: 'yesterday' },
        ]);
        conn.send('{oops');
        setTimeout(() => conn.socket.terminate(), 20);
      } else {
        conn.send([
          {
            T: 's',
            S: 'RUN',
            sc: 'P',
            sm: 'Volatility Trading Pause',
            rc: 'LUDP',
            rm: '',
            t: '2021-02-22T17:00:00Z',
            z: 'C',
          },
        ]);
      }
    });
    const { sink, got } = captureSink();
    feed = feedFor(server.url);
    await feed.start(sink);
    await waitUntil(() => got.statuses.length === 3);
    expect(server.connections).toHaveLength(2);
    for (const conn of server.connections) {
      expect(conn.received).toEqual([
        { action: 'auth', key: KEY, secret: SECRET },
        { action: 'subscribe', trades: ['*'], statuses: ['*'], lulds: ['*'] },
      ]);
    }
    expect(got.trades).toEqual([['AAPL', 126.55, 1, Date.UTC(2021, 1, 22, 15, 51, 44, 208)]]);
    // c ['@', 'I'] on tape C (UTP): an odd lot.
    expect(got.conditions).toEqual([SaleCondition.odd_lot]);
    expect(got.statuses).toEqual([
      ['XYZ', true, 'T1', Date.UTC(2021, 1, 22, 15, 52)],
      ['XYZ', false, 'T1', Date.UTC(2021, 1, 22, 16, 25)],
      ['RUN', true, 'LUDP', Date.UTC(2021, 1, 22, 17)],
    ]);
    expect(feed.lulds).toBe(1);
    expect(feed.stats()).toEqual({ trades: 1, statuses: 3, malformed: 2, reconnects: 1 });
  });

  it('stops with a clear error on 402 auth failed, without retrying', async () => {
    server = await alpacaServer(() => {});
    const { lines, logger } = recordingLogger();
    feed = new AlpacaFeed({
      keyId: 'wrong',
      secretKey: 'x',
      url: server.url,
      symbolsFile: null,
      logger,
      backoff: { baseMs: 5 },
    });
    await expect(feed.start(captureSink().sink)).rejects.toThrow(/402.*ALPACA_KEY_ID/);
    await new Promise((r) => setTimeout(r, 60));
    expect(server.connections).toHaveLength(1);
    expect(lines.some((l) => l.startsWith('error alpaca: authentication failed'))).toBe(true);
  });

  it('backs off longer and logs on 406 connection limit exceeded, then connects', async () => {
    const at: number[] = [];
    server = await alpacaServer(
      () => {},
      (conn) => {
        at.push(Date.now());
        if (conn.index > 0) return false;
        conn.send([{ T: 'error', code: 406, msg: 'connection limit exceeded' }]);
        conn.socket.close();
        return true;
      },
    );
    const { lines, logger } = recordingLogger();
    feed = feedFor(server.url, { logger, limitBackoffMs: 150 });
    await feed.start(captureSink().sink);
    expect(at).toHaveLength(2);
    expect((at[1] ?? 0) - (at[0] ?? 0)).toBeGreaterThanOrEqual(140);
    expect(lines.some((l) => l.includes('406 connection limit exceeded'))).toBe(true);
  });
});

describe('alpaca codes', () => {
  it('maps halt and resume status codes and fills missing reasons', () => {
    expect(['H', '2', 'P'].map(haltState)).toEqual([1, 1, 1]);
    expect(['T', '3'].map(haltState)).toEqual([0, 0]);
    expect(['Q', '5', 'E', 'C'].map(haltState)).toEqual([-1, -1, -1, -1]);
    expect(haltReason('P', '')).toBe('LUDP');
    expect(haltReason('H', 'T12')).toBe('T12');
    expect(haltReason('2', '')).toBe('2');
  });

  it('parses RFC-3339 with nanoseconds and offsets to ms', () => {
    expect(rfc3339ToMs('2021-02-22T15:51:44.208123456Z')).toBe(Date.UTC(2021, 1, 22, 15, 51, 44, 208));
    expect(rfc3339ToMs('2021-02-22T15:51:44.999999999Z')).toBe(Date.UTC(2021, 1, 22, 15, 51, 44, 999));
    expect(rfc3339ToMs('2021-02-22T10:51:44.5-05:00')).toBe(Date.UTC(2021, 1, 22, 15, 51, 44, 500));
    expect(rfc3339ToMs('2021-02-22T15:51:44Z')).toBe(Date.UTC(2021, 1, 22, 15, 51, 44));
    expect(rfc3339ToMs('not a time')).toBeNaN();
    expect(rfc3339ToMs('2021-02-22T15:51:44.2Zjunk')).toBeNaN();
  });
});
