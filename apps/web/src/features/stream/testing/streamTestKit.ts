import {
  type DashboardConfig,
  defaultConfig,
  encodeStreamEntry,
  PROTOCOL_VERSION,
  popularListSchema,
  type StreamBatchWire,
  type StreamEntry,
} from '@tapeline/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import { createElement, Fragment, type ReactNode } from 'react';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { marketClock } from '../../../lib/marketClock.ts';
import { type FakeApi, fakeApi, ok, withDataHost } from '../../../test-setup/fakeApi.ts';
import { socket } from '../../../test-setup/fakeSocket.ts';
import { configAnswer } from '../../../test-setup/fixtures.ts';
import { renderUi } from '../../../test-setup/render.tsx';
import { signedIn, withSession } from '../../../test-setup/session.tsx';
import { widgetProps } from '../../../test-setup/widgetProps.ts';
import { channelViews } from '../channelViews.ts';
import { StreamWidget } from '../StreamWidget.tsx';
import { FLUSH_MS } from '../streamBuffer.ts';

// Shared by the Stream widget's component tests: entries and batches as the engine sends them,
// the session the widget reads, and its rows as the trader reads them. Each test file still mocks
// the tab's socket itself (a vi.mock holds in the file that calls it):
//   vi.mock('../../lib/tabSocket.ts', () => import('../../test-setup/fakeSocket.ts'));

/** A batch on the hand-fed socket, and the flush period it is shown at. */
export { streamArrives as arrives } from '../../../test-setup/fakeSocket.ts';
export { FLUSH_MS } from '../streamBuffer.ts';

// Tuesday 10:00 New York (market open) and Saturday 07:00 New York (closed until Monday 04:00).
export const OPEN = Date.parse('2026-11-24T15:00:00Z');
export const CLOSED = Date.parse('2026-11-21T12:00:00Z');

export function entry(symbol: string, last: number, count: number): StreamEntry {
  return {
    symbol,
    last,
    count,
    active: true,
    flag: 0,
    volume: 1_500_000,
    exchange: 'NASDAQ',
    float: 20_000_000,
    newsTime: null,
    storyTime: null,
    atr: null,
    gap: null,
    eventTs: null,
  };
}

/** One engine batch on the wire (entries as the spec's arrays and our elements 11 and 12). */
export function wireBatch(
  ts: number,
  highs: StreamEntry[],
  lows: StreamEntry[] = [],
  seq = 1,
  halts: StreamEntry[] = [],
  uvols: StreamEntry[] = [],
): StreamBatchWire {
  return {
    v: PROTOCOL_VERSION,
    ep: 1,
    seq,
    ts,
    highs: highs.map(encodeStreamEntry),
    lows: lows.map(encodeStreamEntry),
    halts: halts.map(encodeStreamEntry),
    uvols: uvols.map(encodeStreamEntry),
  };
}

/**
 * The session, the Popular list, stock names and optionable symbols the widget reads, and the
 * server's config with its market clock: at `marketAt` (default: the browser's time now, as a
 * real feed's), running at the wall's pace.
 */
export function serve(marketAt: number = Date.now()): FakeApi {
  const market = { feed: 'SIMULATED' as const, health: 'live' as const, clock: { at: marketAt, rate: 1 } };
  const api = withDataHost(fakeApi())
    .on('GET /api/config', configAnswer({ market }))
    .on('GET /api/stock_stats/top', ok(popularListSchema, { success: true, data: [] }))
    .on('GET /data/stock-names.json', { status: 200, body: [] })
    .on('GET /data/symbol_with_options', { status: 200, body: [] });
  signedIn(api);
  return api;
}

/** The channel is new to the tab: its widget first shows the recent view (or its failure). */
export async function recentShown(testId = 'stream-stream1'): Promise<void> {
  await waitFor(() => expect(screen.getByTestId(testId)).toHaveAttribute('data-recent', 'shown'));
}

export const highs = (scope: HTMLElement = document.body) =>
  within(scope).getByRole('table', { name: 'High stream' });
export const lows = (scope: HTMLElement = document.body) =>
  within(scope).getByRole('table', { name: 'Low stream' });

/** Symbol, Count and Last of each row of a side, as the trader reads them. */
export const rowsOf = (table: HTMLElement) =>
  within(table)
    .queryAllByRole('row')
    .filter((row) => within(row).queryAllByRole('cell').length > 0)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

/**
 * Every test of the file starts from an empty tab. Only the widget's clocks are faked (the 2 s
 * flush, the 1 s tick, the wall time at OPEN): the session's fetches and Testing Library's own
 * waiting keep their real timeouts. jsdom lays nothing out, so the tables' scroll box gets a
 * height and the rows in view are drawn.
 */
export function freshTabEachTest(): void {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'], now: OPEN });
    vi.spyOn(Element.prototype, 'clientHeight', 'get').mockReturnValue(440);
    socket.stream = null;
    channelViews.reset();
    marketClock.reset();
  });
  afterEach(() => {
    channelViews.reset();
    vi.restoreAllMocks();
  });
}

/** The default settings with the Main channel priced `min`–`max` dollars. */
export function mainPriced(min: number, max: number): DashboardConfig {
  const config = defaultConfig();
  const main = config.stream.find((c) => c.channel === 'main');
  if (main?.type !== 'filter') throw new Error('core has no main filter channel');
  main.value.price = { min, max };
  return config;
}

/** The 2 s flush, on the faked interval clock. */
export const flush = () => act(() => vi.advanceTimersByTime(FLUSH_MS));

/**
 * stream1 of `config` in a signed-in page (with `beside`, e.g. the symbol overlays), once it has
 * asked for its recent view: its channel is new to the tab (a 404 here unless served).
 */
export async function renderStream(config: DashboardConfig = defaultConfig(), beside: ReactNode = null) {
  const widget = createElement(StreamWidget, widgetProps('stream1', { config }));
  const result = renderUi(createElement(Fragment, null, widget, beside), { wrap: withSession });
  await recentShown();
  return result;
}
