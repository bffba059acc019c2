import {
  type DashboardConfig,
  defaultConfig,
  encodeStreamEntry,
  PROTOCOL_VERSION,
  popularListSchema,
  type StreamBatchView,
  type StreamBatchWire,
  type StreamEntry,
  streamBatchSchema,
} from '@tapeline/core';
import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeApi, fakeApi, ok, withDataHost } from '../../test-setup/fakeApi.ts';
import { renderUi } from '../../test-setup/render.tsx';
import { signedIn, withSession } from '../../test-setup/session.tsx';
import { widgetProps } from '../../test-setup/widgetProps.ts';
import { StreamWidget } from './StreamWidget.tsx';
import { FLUSH_MS } from './streamBuffer.ts';

// The socket is the network here, as in useLiveStream.test: the tab's stream source is replaced by
// a hand-fed one. Batches are built as the engine sends them (core's wire codec) and read with
// core's batch schema, as the real decoder does; everything from the listener up is real.
const feed = vi.hoisted(() => ({ listener: null as ((batch: StreamBatchView) => void) | null }));
vi.mock('../../lib/streamSource.ts', () => ({
  subscribeStream(listener: (batch: StreamBatchView) => void) {
    feed.listener = listener;
    return () => {
      feed.listener = null;
    };
  },
}));

// Tuesday 10:00 New York (market open) and Saturday 07:00 New York (closed until Monday 04:00).
const OPEN = Date.parse('2026-11-24T15:00:00Z');
const CLOSED = Date.parse('2026-11-21T12:00:00Z');

function entry(symbol: string, last: number, count: number): StreamEntry {
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
function wireBatch(ts: number, highs: StreamEntry[], lows: StreamEntry[] = []): StreamBatchWire {
  return {
    v: PROTOCOL_VERSION,
    ep: 1,
    seq: 1,
    ts,
    highs: highs.map(encodeStreamEntry),
    lows: lows.map(encodeStreamEntry),
    halts: [],
  };
}

/** A socket frame arrives: read as the client's decoder reads it, then handed to the widget. */
function arrives(batch: StreamBatchWire): void {
  const { v: _v, ...view } = streamBatchSchema.parse(batch);
  act(() => feed.listener?.(view));
}

const flush = () => act(() => vi.advanceTimersByTime(FLUSH_MS));

/** The session, the Popular list, stock names and optionable symbols the widget reads. */
function serve(): FakeApi {
  const api = withDataHost(fakeApi())
    .on('GET /api/stock_stats/top', ok(popularListSchema, { success: true, data: [] }))
    .on('GET /data/stock-names.json', { status: 200, body: [] })
    .on('GET /data/symbol_with_options', { status: 200, body: [] });
  signedIn(api);
  return api;
}

async function renderStream(config: DashboardConfig = defaultConfig()) {
  const result = renderUi(<StreamWidget {...widgetProps('stream1', { config })} />, { wrap: withSession });
  await screen.findByTestId('stream-stream1');
  return result;
}

const highs = () => screen.getByRole('table', { name: 'High stream' });
const lows = () => screen.getByRole('table', { name: 'Low stream' });

/** Symbol, Count and Last of each row of a side, as the trader reads them. */
const rowsOf = (table: HTMLElement) =>
  within(table)
    .queryAllByRole('row')
    .filter((row) => within(row).queryAllByRole('cell').length > 0)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

describe('StreamWidget', () => {
  beforeEach(() => {
    // Only the widget's clocks are faked (the 2 s flush, the 1 s tick, the wall time): the
    // session's fetches and Testing Library's own waiting keep their real timeouts.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'], now: OPEN });
    // jsdom lays nothing out; the tables' scroll box gets a height so rows in view are drawn.
    vi.spyOn(Element.prototype, 'clientHeight', 'get').mockReturnValue(440);
    feed.listener = null;
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows a batch under New Highs and New Lows at the next flush: symbol, count, last', async () => {
    serve();
    await renderStream();
    expect(within(highs()).getByText('New Highs')).toBeInTheDocument();
    expect(within(lows()).getByText('New Lows')).toBeInTheDocument();
    expect(screen.getByText('Waiting for new highs…')).toBeInTheDocument();
    expect(screen.getByText('Waiting for new lows…')).toBeInTheDocument();

    arrives(wireBatch(OPEN, [entry('AAPL', 187.5, 3), entry('SNDL', 0.51234, 12)], [entry('TSLA', 201, 2)]));
    // Nothing repaints until the buffer flushes.
    expect(rowsOf(highs())).toEqual([]);
    act(() => vi.advanceTimersByTime(FLUSH_MS - 1));
    expect(rowsOf(highs())).toEqual([]);
    act(() => vi.advanceTimersByTime(1));

    // Newest first; prices to 2 decimals, under $1 to 4.
    expect(rowsOf(highs())).toEqual([
      ['SNDL', '12', '0.5123'],
      ['AAPL', '3', '187.50'],
    ]);
    expect(rowsOf(lows())).toEqual([['TSLA', '2', '201.00']]);
    expect(within(highs()).getByRole('button', { name: 'AAPL' })).toBeInTheDocument();
    expect(screen.queryByText('Waiting for new highs…')).not.toBeInTheDocument();
  });

  it('keeps one row per symbol, at its latest count and price', async () => {
    serve();
    await renderStream();
    arrives(wireBatch(OPEN, [entry('AAPL', 187.5, 3)]));
    flush();
    arrives(wireBatch(OPEN + FLUSH_MS, [entry('NVDA', 140, 1)]));
    arrives(wireBatch(OPEN + FLUSH_MS + 200, [entry('AAPL', 188.25, 4)]));
    flush();
    expect(rowsOf(highs())).toEqual([
      ['AAPL', '4', '188.25'],
      ['NVDA', '1', '140.00'],
    ]);
  });

  it("applies the channel's price range: entries outside it never show", async () => {
    serve();
    const config = defaultConfig();
    const main = config.stream.find((c) => c.channel === 'main');
    if (main?.type !== 'filter') throw new Error('core has no main filter channel');
    main.value.price = { min: 5, max: 50 };
    await renderStream(config);

    arrives(
      wireBatch(
        OPEN,
        [entry('PENY', 2.5, 1), entry('MIDL', 20, 2), entry('BIGC', 120, 3)],
        [entry('LOWP', 4.99, 1), entry('EDGE', 50, 5)],
      ),
    );
    flush();
    expect(rowsOf(highs())).toEqual([['MIDL', '2', '20.00']]);
    expect(rowsOf(lows())).toEqual([['EDGE', '5', '50.00']]);
    expect(screen.queryByRole('button', { name: 'PENY' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'BIGC' })).not.toBeInTheDocument();
  });

  it('while the market is closed, counts down to the open and offers the recent stream', async () => {
    vi.setSystemTime(CLOSED);
    const api = serve();
    api.on('GET /data/stream_bk', {
      status: 200,
      body: { data: [wireBatch(CLOSED - 3_600_000, [entry('AMD', 120.1, 7)], [entry('INTC', 0.9, 2)])] },
    });
    const { user } = await renderStream();

    expect(screen.getByText('MARKET IS CURRENTLY CLOSED')).toBeInTheDocument();
    // Saturday 07:00 New York to Monday 04:00.
    expect(screen.getByText('OPENS IN 45:00:00')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByText('OPENS IN 44:59:59')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'LOAD RECENT' }));
    expect(await screen.findByRole('button', { name: 'AMD' })).toBeInTheDocument();
    expect(api.calls('GET /data/stream_bk')).toHaveLength(1);
    expect(rowsOf(highs())).toEqual([['AMD', '7', '120.10']]);
    expect(rowsOf(lows())).toEqual([['INTC', '2', '0.9000']]);
    expect(screen.queryByText('MARKET IS CURRENTLY CLOSED')).not.toBeInTheDocument();
  });

  it('says so when the recent stream cannot be loaded, and stays closed', async () => {
    vi.setSystemTime(CLOSED);
    serve().on('GET /data/stream_bk', { status: 500, body: { error: 'internal' } });
    const { user } = await renderStream();
    await user.click(screen.getByRole('button', { name: 'LOAD RECENT' }));
    expect(await screen.findByText('Failed to get recent stream.')).toBeInTheDocument();
    expect(screen.getByText('MARKET IS CURRENTLY CLOSED')).toBeInTheDocument();
  });

  it('a tape still delivering after hours counts as live and shows its rows', async () => {
    vi.setSystemTime(CLOSED);
    serve();
    await renderStream();
    expect(screen.getByText('MARKET IS CURRENTLY CLOSED')).toBeInTheDocument();
    arrives(wireBatch(CLOSED, [entry('GME', 25.4, 9)]));
    flush();
    expect(screen.queryByText('MARKET IS CURRENTLY CLOSED')).not.toBeInTheDocument();
    expect(rowsOf(highs())).toEqual([['GME', '9', '25.40']]);
  });
});
