import { describe, expect, it } from 'vitest';
import { AlpacaFeed } from './alpaca/alpacaFeed.ts';
import { ALPACA_ERRORS } from './alpaca/codes.ts';
import { MassiveFeed } from './massive/massiveFeed.ts';
import { captureSink, recordingLogger, waitUntil } from './testing/fakeWsServer.ts';
import { feedHarness } from './testing/feedHarness.ts';
import {
  FAKE_KEY,
  FAKE_SECRET,
  MASSIVE_NO_WEBSOCKET,
  startAlpacaFake,
  startMassiveFake,
} from './testing/vendorFakes.ts';
import { boundedSymbols } from './watchSymbols.ts';

// Plans that refuse: the feed says so in one line (what the plan allows, what to set) and runs
// on what it may have, or stops with that line — never hangs silently.

const h = feedHarness();

const alpaca = (url: string, extra: Partial<ConstructorParameters<typeof AlpacaFeed>[0]> = {}) =>
  new AlpacaFeed({
    keyId: FAKE_KEY,
    secretKey: FAKE_SECRET,
    url,
    symbolsFile: null,
    dataFeed: 'iex',
    backoff: { baseMs: 5, maxMs: 10 },
    ...extra,
  });

describe('alpaca on the free plan', () => {
  it('refused the wildcard: one clear line, then streams the traders’ symbols and the meters', async () => {
    const granted: string[][] = [];
    h.server = await startAlpacaFake({ plan: 'free', onSubscribed: (_c, s) => granted.push([...s]) });
    const { lines, logger } = recordingLogger();
    const f = alpaca(h.server.url, { logger, watched: () => ['tsla', 'AAPL', 'TSLA'] });
    h.feed = f;
    await f.start(captureSink().sink);
    expect(granted).toEqual([['TSLA', 'AAPL', 'DIA', 'QQQ', 'SPY']]);
    const said = lines.filter((l) => l.includes('405 symbol limit exceeded'));
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(/^error alpaca: .*allows 30 symbols.*MARKET_SYMBOLS_WATCH.*ALPACA_FEED=sip/);
    // Nothing asked the plan for the wildcard again on the same connection.
    const subs = h.server.connections[0]?.received.filter(
      (m) => (m as { action?: string }).action === 'subscribe',
    );
    expect(subs?.map((m) => (m as { trades: string[] }).trades[0])).toEqual(['*', 'TSLA']);
  });

  it('MARKET_SYMBOLS_WATCH wins and is capped at the plan limit, halving while the plan still refuses', async () => {
    const granted: string[][] = [];
    h.server = await startAlpacaFake({
      plan: 'free',
      symbolLimit: 4,
      onSubscribed: (_c, s) => granted.push([...s]),
    });
    const watch = Array.from({ length: 40 }, (_, i) => `S${i}`);
    const { lines, logger } = recordingLogger();
    const f = alpaca(h.server.url, { logger, watch, watched: () => ['NOPE'] });
    h.feed = f;
    await f.start(captureSink().sink);
    // 30 refused (limit 4 here), 15 refused, 7 refused, 3 granted.
    expect(granted).toEqual([['S0', 'S1', 'S2']]);
    expect(lines.filter((l) => l.startsWith('error alpaca:'))).toHaveLength(4);
  });

  it('asking the free plan for SIP stops with the plan message and what to set', async () => {
    h.server = await startAlpacaFake({ plan: 'free', feed: 'sip' });
    const { lines, logger } = recordingLogger();
    h.feed = alpaca(h.server.url, { logger, dataFeed: 'sip' });
    await expect(h.feed.start(captureSink().sink)).rejects.toThrow(
      /409 insufficient subscription.*ALPACA_FEED=iex/,
    );
    expect(lines.some((l) => l.startsWith('error alpaca: the plan does not include this data feed'))).toBe(
      true,
    );
  });

  it('every documented error has an operator message; a transient one starts over, never hangs', async () => {
    expect(Object.keys(ALPACA_ERRORS).map(Number)).toEqual([
      400, 401, 402, 403, 404, 405, 406, 407, 409, 410, 500,
    ]);
    h.server = await startAlpacaFake({ plan: 'sip', authError: { code: 404, msg: 'auth timeout' } });
    const { lines, logger } = recordingLogger();
    h.feed = alpaca(h.server.url, { logger });
    void h.feed.start(captureSink().sink).catch(() => {});
    await waitUntil(() => (h.server?.connections.length ?? 0) >= 2);
    expect(
      lines.some(
        (l) => l.includes('10 s the stream allows (404 auth timeout)') && l.includes('reconnecting'),
      ),
    ).toBe(true);
  });
});

describe('massive plans', () => {
  const massive = (url: string, logger: ReturnType<typeof recordingLogger>['logger']) =>
    new MassiveFeed({ apiKey: FAKE_KEY, url, symbolsFile: null, logger, backoff: { baseMs: 5 } });

  it('the delayed cluster works like the real-time one', async () => {
    h.server = await startMassiveFake({
      plan: 'delayed',
      onSubscribed: (conn) =>
        conn.send([{ ev: 'T', sym: 'ABC', p: 10, s: 100, t: 1_763_994_600_000, c: [37] }]),
    });
    const { logger } = recordingLogger();
    const { sink, got } = captureSink();
    h.feed = massive(h.server.url, logger);
    await h.feed.start(sink);
    await waitUntil(() => got.trades.length === 1);
    expect(got.trades).toEqual([['ABC', 10, 100, 1_763_994_600_000]]);
  });

  it('a plan without websocket access stops with one line naming the plan and MASSIVE_WS_URL', async () => {
    h.server = await startMassiveFake({ plan: 'no-websocket' });
    const { lines, logger } = recordingLogger();
    h.feed = massive(h.server.url, logger);
    await expect(h.feed.start(captureSink().sink)).rejects.toThrow(
      /plan of MASSIVE_API_KEY.*MASSIVE_WS_URL=wss:\/\/delayed/,
    );
    expect(lines.filter((l) => l.includes(MASSIVE_NO_WEBSOCKET))).toHaveLength(1);
    expect(h.server.connections).toHaveLength(1);
  });

  it('a plan that refuses LULD keeps the trades and says where halts come from', async () => {
    h.server = await startMassiveFake({
      plan: 'no-luld',
      onSubscribed: (conn) => conn.send([{ ev: 'T', sym: 'ABC', p: 10, s: 100, t: 1_763_994_600_000 }]),
    });
    const { lines, logger } = recordingLogger();
    const { sink, got } = captureSink();
    h.feed = massive(h.server.url, logger);
    await h.feed.start(sink);
    await waitUntil(() => got.trades.length === 1);
    await waitUntil(() => lines.some((l) => l.includes('LULD.*')));
    expect(lines.filter((l) => l.includes('LULD.*'))[0]).toMatch(
      /^error massive: the plan refused a channel.*HALTS_SOURCE/,
    );
  });
});

describe('bounded symbol set', () => {
  it('watch list as given, else traders’ symbols then the meters, upper-cased, no repeats, capped', () => {
    expect(boundedSymbols(['aapl', ' tsla ', 'AAPL'], ['X'], 30)).toEqual(['AAPL', 'TSLA']);
    expect(boundedSymbols([], ['nvda', 'SPY'], 30)).toEqual(['NVDA', 'SPY', 'DIA', 'QQQ']);
    expect(boundedSymbols([], [], 2)).toEqual(['DIA', 'QQQ']);
  });
});
