import { defaultConfig, messages } from '@tapeline/core';
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setConnectionStatus } from '../../lib/connectionStatus.ts';
import { renderUi } from '../../test-setup/render.tsx';
import { withSession } from '../../test-setup/session.tsx';
import { widgetProps } from '../../test-setup/widgetProps.ts';
import { StreamWidget } from './StreamWidget.tsx';
import {
  arrives,
  CLOSED,
  entry,
  FLUSH_MS,
  flush,
  freshTabEachTest,
  highs,
  lows,
  mainPriced,
  OPEN,
  recentShown,
  renderStream,
  rowsOf,
  serve,
  wireBatch,
} from './testing/streamTestKit.ts';

// The socket is the network here, as in useLiveStream.test: the tab's socket is replaced by
// a hand-fed one. Batches are built as the engine sends them (core's wire codec) and read with
// core's batch schema, as the real decoder does; everything from the listener up is real.
vi.mock('../../lib/tabSocket.ts', () => import('../../test-setup/fakeSocket.ts'));

describe('StreamWidget', () => {
  freshTabEachTest();

  it('dims its rows while the connection is down, and shows them plainly once it is back', async () => {
    serve();
    await renderStream();
    const root = screen.getByTestId('stream-stream1');
    expect(root).not.toHaveAttribute('data-stale');
    act(() => setConnectionStatus('reconnecting'));
    expect(root).toHaveAttribute('data-stale', 'true');
    act(() => setConnectionStatus('live'));
    expect(root).not.toHaveAttribute('data-stale');
  });

  it('says when each halt and resume happened, in New York time', async () => {
    serve();
    await renderStream();
    // 15:42:13 UTC is 10:42:13 in New York in November; the resume is five minutes later.
    const halted = { ...entry('LUDP', 4.2, 1), flag: 'LUDP', eventTs: Date.parse('2026-11-24T15:42:13Z') };
    const resumed = { ...entry('MULN', 1.1, 1), active: false, eventTs: Date.parse('2026-11-24T15:47:13Z') };
    arrives(wireBatch(OPEN, [], [], 1, [halted, resumed]));
    flush();
    const bar = screen.getByRole('list', { name: 'Halts' });
    expect(within(bar).getByText('HALT LUDP 10:42:13')).toBeInTheDocument();
    expect(within(bar).getByText('RESUMED 10:47:13')).toBeInTheDocument();
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
    arrives(wireBatch(OPEN + FLUSH_MS, [entry('NVDA', 140, 1)], [], 2));
    arrives(wireBatch(OPEN + FLUSH_MS + 200, [entry('AAPL', 188.25, 4)], [], 3));
    flush();
    expect(rowsOf(highs())).toEqual([
      ['AAPL', '4', '188.25'],
      ['NVDA', '1', '140.00'],
    ]);
  });

  it("applies the channel's price range: entries outside it never show", async () => {
    serve();
    const config = mainPriced(5, 50);
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
    // One request when the widget mounted (its rows wait behind the countdown), one for the click.
    expect(api.calls('GET /data/stream_bk')).toHaveLength(2);
    expect(rowsOf(highs())).toEqual([['AMD', '7', '120.10']]);
    expect(rowsOf(lows())).toEqual([['INTC', '2', '0.9000']]);
    expect(screen.queryByText('MARKET IS CURRENTLY CLOSED')).not.toBeInTheDocument();
  });

  it('says so in a toast when the recent stream cannot be loaded, and stays closed', async () => {
    vi.setSystemTime(CLOSED);
    serve().on('GET /data/stream_bk', { status: 503, body: { error: 'unavailable' } });
    const { user } = await renderStream();
    // The request of the mount failed quietly: the tape goes on live.
    expect(screen.queryByText(messages.recentStreamFailed)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'LOAD RECENT' }));
    expect(await screen.findByText(messages.recentStreamFailed)).toBeInTheDocument();
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

describe('StreamWidget on the market clock the server says', () => {
  freshTabEachTest();
  // Sunday 29 Nov 2026 19:00 New York in the browser; the simulator's virtual session at Monday's bell.
  const SUNDAY_EVENING = Date.parse('2026-11-30T00:00:00Z');
  const MONDAY_BELL = Date.parse('2026-11-30T14:30:00Z');

  it('never says closed on a weekend evening while the simulated market trades, nor while its clock loads', async () => {
    vi.setSystemTime(SUNDAY_EVENING);
    serve(MONDAY_BELL);
    renderUi(<StreamWidget {...widgetProps('stream1', { config: defaultConfig() })} />, {
      wrap: withSession,
    });
    // From the first frame: before /api/config has answered, nothing is said about open or closed.
    expect(screen.queryByText('MARKET IS CURRENTLY CLOSED')).not.toBeInTheDocument();
    await recentShown();
    expect(screen.queryByText('MARKET IS CURRENTLY CLOSED')).not.toBeInTheDocument();
    expect(within(highs()).getByText('New Highs')).toBeInTheDocument();
    // A quiet minute of the tape changes nothing: the market's clock says 09:31, not Sunday.
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.queryByText('MARKET IS CURRENTLY CLOSED')).not.toBeInTheDocument();
  });

  it("counts down on the server's clock, not the browser's: a Saturday market in a Tuesday browser is closed", async () => {
    serve(CLOSED);
    await renderStream();
    expect(await screen.findByText('MARKET IS CURRENTLY CLOSED')).toBeInTheDocument();
    // Saturday 07:00 New York to Monday 04:00, whatever the browser's clock says.
    expect(screen.getByText('OPENS IN 45:00:00')).toBeInTheDocument();
  });
});
