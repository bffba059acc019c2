import { type FakeConnection, type FakeServer, startFakeServer } from './fakeWsServer.ts';

// Loopback fakes of the two vendors' stock streams that answer as a given plan would, in the
// documented message shapes, so the adapters' plan handling and error mapping are tested
// against the protocol rather than against themselves.

export const FAKE_KEY = 'fake-key';
export const FAKE_SECRET = 'fake-secret';

export interface AlpacaFakeOptions {
  /**
   * `sip`: every symbol and the wildcard. `free`: the free plan's IEX stream — no wildcard and
   * at most `symbolLimit` symbols (405 symbol limit exceeded), 409 on the SIP path.
   */
  plan: 'sip' | 'free';
  symbolLimit?: number;
  /** The path the client asked for decides the feed: `/v2/sip` is refused on the free plan. */
  feed?: 'iex' | 'sip';
  /** Sent instead of the auth answer, e.g. 404 auth timeout or 500. */
  authError?: { code: number; msg: string };
  /** Called after a subscription the plan accepts, with the symbols granted. */
  onSubscribed?: (conn: FakeConnection, symbols: readonly string[]) => void;
}

/** Alpaca market data v2: greeting, auth by key/secret, subscribe by channel lists. */
export function startAlpacaFake(options: AlpacaFakeOptions): Promise<FakeServer> {
  const limit = options.symbolLimit ?? 30;
  return startFakeServer(
    (conn) => conn.send([{ T: 'success', msg: 'connected' }]),
    (conn, msg) => {
      if (msg.action === 'auth') {
        if (options.authError) {
          conn.send([{ T: 'error', ...options.authError }]);
          return;
        }
        if (msg.key !== FAKE_KEY || msg.secret !== FAKE_SECRET) {
          conn.send([{ T: 'error', code: 402, msg: 'auth failed' }]);
          conn.socket.close();
          return;
        }
        if (options.plan === 'free' && options.feed === 'sip') {
          conn.send([{ T: 'error', code: 409, msg: 'insufficient subscription' }]);
          conn.socket.close();
          return;
        }
        conn.send([{ T: 'success', msg: 'authenticated' }]);
        return;
      }
      if (msg.action !== 'subscribe') return;
      const trades = Array.isArray(msg.trades) ? (msg.trades as string[]) : [];
      if (options.plan === 'free' && (trades.includes('*') || trades.length > limit)) {
        conn.send([{ T: 'error', code: 405, msg: 'symbol limit exceeded' }]);
        return;
      }
      conn.send([
        {
          T: 'subscription',
          trades,
          quotes: [],
          bars: [],
          statuses: msg.statuses ?? [],
          lulds: msg.lulds ?? [],
        },
      ]);
      options.onSubscribed?.(conn, trades);
    },
  );
}

export interface MassiveFakeOptions {
  /**
   * `realtime`: T and LULD. `delayed`: the same on the delayed cluster. `no-websocket`: the
   * plan has no websocket access (auth refused with the plan message). `no-luld`: the plan
   * refuses the LULD channel.
   */
  plan: 'realtime' | 'delayed' | 'no-websocket' | 'no-luld';
  onSubscribed?: (conn: FakeConnection, params: string) => void;
}

export const MASSIVE_NO_WEBSOCKET =
  "Your plan doesn't include websocket access. Visit https://massive.com/pricing to upgrade.";

/** massive (formerly Polygon.io) stocks cluster: status frames, auth and subscribe by params. */
export function startMassiveFake(options: MassiveFakeOptions): Promise<FakeServer> {
  return startFakeServer(
    (conn) => conn.send([{ ev: 'status', status: 'connected', message: 'Connected Successfully' }]),
    (conn, msg) => {
      if (msg.action === 'auth') {
        if (msg.params !== FAKE_KEY) {
          conn.send([{ ev: 'status', status: 'auth_failed', message: 'authentication failed' }]);
        } else if (options.plan === 'no-websocket') {
          conn.send([{ ev: 'status', status: 'auth_failed', message: MASSIVE_NO_WEBSOCKET }]);
        } else {
          conn.send([{ ev: 'status', status: 'auth_success', message: 'authenticated' }]);
        }
        return;
      }
      if (msg.action !== 'subscribe') return;
      const params = String(msg.params ?? '');
      const granted = params.split(',').filter((p) => !(options.plan === 'no-luld' && p.startsWith('LULD.')));
      for (const p of params.split(',')) {
        if (!granted.includes(p)) {
          conn.send([{ ev: 'status', status: 'error', message: `You are not authorized to access: ${p}` }]);
        }
      }
      if (granted.length > 0) {
        conn.send([{ ev: 'status', status: 'success', message: `subscribed to: ${granted.join(',')}` }]);
        options.onSubscribed?.(conn, granted.join(','));
      }
    },
  );
}
