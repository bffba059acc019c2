import { type FeedLabel, MARKET_STATUS_EVENT, type MarketStatus, PROTOCOL_VERSION } from '@tapeline/core';
import { act, screen, waitFor } from '@testing-library/react';
import { Profiler } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { setConnectionStatus } from '../../lib/connectionStatus.ts';
import { marketClock } from '../../lib/marketClock.ts';
import { fakeApi } from '../../test-setup/fakeApi.ts';
import { emit } from '../../test-setup/fakeSocket.ts';
import { configAnswer } from '../../test-setup/fixtures.ts';
import { renderUi } from '../../test-setup/render.tsx';
import { FeedBadge } from './FeedBadge.tsx';

vi.mock('../../lib/tabSocket.ts', () => import('../../test-setup/fakeSocket.ts'));

const AT = Date.parse('2026-11-24T15:00:00Z');
const market = (feed: FeedLabel | null, health: MarketStatus['health'] = 'live'): MarketStatus => ({
  feed,
  health,
  clock: { at: AT, rate: 1 },
});
const serveConfig = (status: MarketStatus | null) =>
  fakeApi().on('GET /api/config', configAnswer({ market: status }));

describe('FeedBadge', () => {
  it('says SIMULATED while the feed is the built-in simulator', async () => {
    serveConfig(market('SIMULATED'));
    renderUi(<FeedBadge />);
    expect(await screen.findByText('SIMULATED')).toBeInTheDocument();
    const badge = screen.getByTestId('simulated');
    expect(badge).toHaveAttribute('title', 'Prices come from the built-in market simulator');
    // One word for every width (a phone once read a clipped "SIM").
    expect(badge).toHaveTextContent(/^SIMULATED$/);
    expect(screen.queryByText('SIM')).not.toBeInTheDocument();
  });

  it.each([
    ['IEX', 'IEX (partial market)'],
    ['SIP', 'SIP'],
    ['DELAYED', 'DELAYED 15 MIN'],
    ['REPLAY', 'REPLAY'],
  ] as const)('names a %s feed as %s', async (feed, words) => {
    serveConfig(market(feed));
    renderUi(<FeedBadge />);
    expect(await screen.findByTestId('feed')).toHaveTextContent(words);
    expect(screen.queryByText('SIMULATED')).not.toBeInTheDocument();
  });

  it('shows nothing when the server names no feed', async () => {
    const api = serveConfig(null);
    renderUi(<FeedBadge />);
    await waitFor(() => expect(api.calls('GET /api/config')).toHaveLength(1));
    expect(screen.queryByTestId('feed')).not.toBeInTheDocument();
    expect(screen.queryByTestId('simulated')).not.toBeInTheDocument();
  });

  it('says a stalled or a down feed as the socket reports it, and clears when it is live again', async () => {
    serveConfig(market('SIP'));
    renderUi(<FeedBadge />);
    await screen.findByTestId('feed');
    expect(screen.queryByTestId('feed-health')).not.toBeInTheDocument();
    await emit(MARKET_STATUS_EVENT, { v: PROTOCOL_VERSION, ...market('SIP', 'stalled') });
    expect(screen.getByTestId('feed-health')).toHaveTextContent('FEED STALLED');
    await emit(MARKET_STATUS_EVENT, { v: PROTOCOL_VERSION, ...market('SIP', 'down') });
    expect(screen.getByTestId('feed-health')).toHaveTextContent('FEED DOWN');
    await emit(MARKET_STATUS_EVENT, { v: PROTOCOL_VERSION, ...market('SIP', 'live') });
    expect(screen.queryByTestId('feed-health')).not.toBeInTheDocument();
  });

  it('shows the data age once the tape runs more than 2 s behind, and not at 2 s', async () => {
    serveConfig(market('SIP'));
    renderUi(<FeedBadge />);
    await screen.findByTestId('feed');
    const batch = (lag: number) => ({
      ep: 1,
      seq: 1,
      ts: AT,
      highs: [{ ...ENTRY, eventTs: AT - lag }],
      lows: [],
      halts: [],
      uvols: [],
    });
    act(() => marketClock.batch(batch(2_000)));
    expect(screen.queryByTestId('data-age')).not.toBeInTheDocument();
    act(() => marketClock.batch(batch(3_200)));
    expect(await screen.findByTestId('data-age')).toHaveTextContent('DATA 3.2s BEHIND');
  });

  it('batches on time do not re-render the bar (4 a second at the open)', async () => {
    serveConfig(market('SIP'));
    const onRender = vi.fn();
    renderUi(
      <Profiler id="badge" onRender={onRender}>
        <FeedBadge />
      </Profiler>,
    );
    await screen.findByTestId('feed');
    const batch = (ts: number) => ({
      ep: 1,
      seq: 1,
      ts,
      highs: [{ ...ENTRY, eventTs: ts - 300 }],
      lows: [],
      halts: [],
      uvols: [],
    });
    // Synchronous from the count to the check: no clock tick of the bar can fall between. The
    // batches' drain time is not ahead of the market clock, so the clock keeps its anchor.
    const renders = onRender.mock.calls.length;
    act(() => {
      for (let i = 0; i < 8; i++) marketClock.batch(batch(AT - i * 250));
    });
    expect(onRender.mock.calls.length).toBe(renders);
    expect(screen.queryByTestId('data-age')).not.toBeInTheDocument();
  });

  it('says "stream delayed N s" when the socket has been silent over 5 s, and clears when it speaks', async () => {
    serveConfig(market('SIP'));
    setConnectionStatus('live');
    // market_status comes every 2 s: 4.5 s of silence is one late frame, 6.5 s is a delay.
    marketClock.heard(Date.now() - 4_500);
    const { unmount } = renderUi(<FeedBadge />);
    await screen.findByTestId('feed');
    expect(screen.queryByTestId('stream-delayed')).not.toBeInTheDocument();
    unmount();

    marketClock.heard(Date.now() - 6_500);
    renderUi(<FeedBadge />);
    expect(await screen.findByTestId('stream-delayed')).toHaveTextContent(/^stream delayed 6 s$/);
    await emit(MARKET_STATUS_EVENT, { v: PROTOCOL_VERSION, ...market('SIP') });
    expect(screen.queryByTestId('stream-delayed')).not.toBeInTheDocument();
  });

  it('leaves a dropped socket to the connection banner', async () => {
    serveConfig(market('SIP'));
    setConnectionStatus('reconnecting');
    marketClock.heard(Date.now() - 9_000);
    renderUi(<FeedBadge />);
    await screen.findByTestId('feed');
    expect(screen.queryByTestId('stream-delayed')).not.toBeInTheDocument();
  });
});

const ENTRY = {
  symbol: 'AAPL',
  last: 190,
  count: 1,
  active: true,
  flag: 1,
  volume: 1000,
  exchange: 'NASDAQ',
  float: null,
  newsTime: null,
  atr: null,
  gap: null,
  storyTime: null,
  eventTs: null,
  publishedTs: null,
};
