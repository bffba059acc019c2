import { defaultConfig, defaultLayout, messages, streamRecentResponseSchema } from '@tapeline/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { dataHost } from '../../lib/dataHost.ts';
import { renderUi } from '../../test-setup/render.tsx';
import { withSession } from '../../test-setup/session.tsx';
import { widgetProps } from '../../test-setup/widgetProps.ts';
import { LINGER_MS } from './channelViews.ts';
import { StreamWidget } from './StreamWidget.tsx';
import {
  arrives,
  CLOSED,
  entry,
  FLUSH_MS,
  freshTabEachTest,
  highs,
  lows,
  OPEN,
  recentShown,
  rowsOf,
  serve,
  wireBatch,
} from './testing/streamTestKit.ts';

// docs/continuity.md §1: a Stream widget that mounts fills at once from the tab's view of its
// channel, or from the server's recent view (GET /data/stream_bk) for a channel new to the tab.
// The socket is hand-fed as in StreamWidget.test; the server is fakeApi.
vi.mock('../../lib/tabSocket.ts', () => import('../../test-setup/fakeSocket.ts'));

/** The recent view the server answers: AAPL and NVDA made highs, TSLA a low, as of batch 40. */
const RECENT = {
  data: [
    wireBatch(OPEN - 60_000, [entry('AAPL', 187.5, 3), entry('NVDA', 140, 1)], [entry('TSLA', 201, 2)], 40),
  ],
};

/** Both streams of the default layout (Main and Alt), once each has asked for its recent view. */
async function renderBothStreams() {
  const result = renderUi(
    <>
      <StreamWidget {...widgetProps('stream1')} />
      <StreamWidget {...widgetProps('stream2')} />
    </>,
    { wrap: withSession },
  );
  await recentShown('stream-stream1');
  await recentShown('stream-stream2');
  return result;
}

/** The queries the tab sent to GET /data/stream_bk, as the server reads them. */
function streamQueries(get: { mock: { calls: unknown[][] } }): Record<string, string>[] {
  return get.mock.calls
    .map(([path]) => String(path))
    .filter((path) => path.startsWith('/data/stream_bk'))
    .map((path) => Object.fromEntries(new URL(path, 'http://localhost').searchParams));
}

const mountOne = (config = defaultConfig()) =>
  renderUi(<StreamWidget {...widgetProps('stream1', { config })} />, { wrap: withSession });

describe('StreamWidget recent view', () => {
  freshTabEachTest();

  it('fills at once from the server, and a remount within a minute shows the same rows unasked', async () => {
    const api = serve().on('GET /data/stream_bk', { status: 200, body: RECENT });
    const first = mountOne();
    await recentShown();
    // No flush needed: the answer shows as it lands, newest first.
    expect(rowsOf(highs())).toEqual([
      ['NVDA', '1', '140.00'],
      ['AAPL', '3', '187.50'],
    ]);
    expect(rowsOf(lows())).toEqual([['TSLA', '2', '201.00']]);
    expect(screen.getByTestId('stream-stream1')).toHaveAttribute('data-seq', '40');

    // Maximise: the tree is swapped; the new widget gets a config loaded afresh (same content).
    first.unmount();
    act(() => vi.advanceTimersByTime(LINGER_MS - FLUSH_MS));
    mountOne(defaultConfig());
    await screen.findByTestId('stream-stream1');
    expect(rowsOf(highs())).toEqual([
      ['NVDA', '1', '140.00'],
      ['AAPL', '3', '187.50'],
    ]);
    expect(rowsOf(lows())).toEqual([['TSLA', '2', '201.00']]);
    expect(api.calls('GET /data/stream_bk')).toHaveLength(1);
  });

  it('a channel nobody showed for a minute asks again', async () => {
    const api = serve().on('GET /data/stream_bk', { status: 200, body: RECENT });
    const first = mountOne();
    await recentShown();
    first.unmount();
    act(() => vi.advanceTimersByTime(LINGER_MS + FLUSH_MS));
    mountOne();
    await recentShown();
    expect(api.calls('GET /data/stream_bk')).toHaveLength(2);
    expect(rowsOf(highs())).toHaveLength(2);
  });

  it('a custom channel asks for its symbols and shows every one the answer has', async () => {
    const get = vi.spyOn(dataHost, 'get');
    serve().on('GET /data/stream_bk', {
      status: 200,
      body: { data: [wireBatch(OPEN - 600_000, [entry('GME', 25.4, 4), entry('AAPL', 187.5, 3)], [], 12)] },
    });
    const config = defaultConfig();
    const main = config.stream.find((c) => c.channel === 'main');
    if (!main) throw new Error('core has no main channel');
    main.type = 'custom';
    main.value.custom_view = ['GME', 'AAPL'];
    mountOne(config);
    await recentShown();
    expect(streamQueries(get)).toEqual([{ type: 'custom', symbols: 'AAPL,GME' }]);
    expect(rowsOf(highs())).toEqual([
      ['AAPL', '3', '187.50'],
      ['GME', '4', '25.40'],
    ]);
  });

  it('batches that arrive before the answer: those it contains are dropped, later ones follow it', async () => {
    serve();
    let answer = () => {};
    const realGet = dataHost.get;
    vi.spyOn(dataHost, 'get').mockImplementation(((path: string, schema: never) =>
      path.startsWith('/data/stream_bk')
        ? new Promise((resolve) => {
            // The recent view read as its one-batch list (lib/dataRows, streamRecent).
            answer = () => resolve(streamRecentResponseSchema.parse(RECENT).data as never);
          })
        : realGet(path, schema)) as typeof dataHost.get);
    mountOne();
    await waitFor(() =>
      expect(screen.getByTestId('stream-stream1')).toHaveAttribute('data-recent', 'loading'),
    );

    arrives(wireBatch(OPEN, [entry('OLDX', 5, 1)], [], 39));
    arrives(wireBatch(OPEN, [entry('NEWX', 6, 1)], [entry('TSLA', 199, 3)], 41));
    act(() => vi.advanceTimersByTime(FLUSH_MS));
    // Nothing shows before the answer: a half tape would jump when it lands.
    expect(rowsOf(highs())).toEqual([]);

    await act(async () => answer());
    expect(rowsOf(highs())).toEqual([
      ['NEWX', '1', '6.00'],
      ['NVDA', '1', '140.00'],
      ['AAPL', '3', '187.50'],
    ]);
    expect(rowsOf(lows())).toEqual([['TSLA', '3', '199.00']]);
    expect(screen.getByTestId('stream-stream1')).toHaveAttribute('data-seq', '41');
  });

  it('LOAD RECENT with two widgets: one click refills both, one request per channel', async () => {
    vi.setSystemTime(CLOSED);
    const get = vi.spyOn(dataHost, 'get');
    const api = serve().on('GET /data/stream_bk', { status: 200, body: RECENT });
    const { user } = await renderBothStreams();
    // Main and Alt: one request each on mount.
    const mounted = streamQueries(get);
    expect(mounted).toHaveLength(2);
    expect(mounted[0]).not.toEqual(mounted[1]);

    const stream1 = screen.getByTestId('stream-stream1');
    const stream2 = screen.getByTestId('stream-stream2');
    await user.click(within(stream1).getByRole('button', { name: 'LOAD RECENT' }));
    await waitFor(() =>
      expect(within(stream2).queryByText('MARKET IS CURRENTLY CLOSED')).not.toBeInTheDocument(),
    );
    expect(within(stream1).queryByText('MARKET IS CURRENTLY CLOSED')).not.toBeInTheDocument();
    expect(api.calls('GET /data/stream_bk')).toHaveLength(4);
    expect(streamQueries(get).slice(2)).toEqual(mounted);
    expect(rowsOf(highs(stream2))).toEqual([
      ['NVDA', '1', '140.00'],
      ['AAPL', '3', '187.50'],
    ]);
  });

  it('two widgets on one channel share its view: one request', async () => {
    const api = serve().on('GET /data/stream_bk', { status: 200, body: RECENT });
    const layout = defaultLayout('primary');
    layout.streamSelectedChannel.stream2 = 'main';
    renderUi(
      <>
        <StreamWidget {...widgetProps('stream1', { layout })} />
        <StreamWidget {...widgetProps('stream2', { layout })} />
      </>,
      { wrap: withSession },
    );
    await recentShown('stream-stream1');
    await recentShown('stream-stream2');
    expect(api.calls('GET /data/stream_bk')).toHaveLength(1);
    expect(rowsOf(highs(screen.getByTestId('stream-stream2')))).toHaveLength(2);
  });

  it('LOAD RECENT answered 503: one toast says so, the countdowns stay', async () => {
    vi.setSystemTime(CLOSED);
    serve().on('GET /data/stream_bk', { status: 503, body: { error: 'unavailable' } });
    const { user } = await renderBothStreams();
    expect(screen.queryByText(messages.recentStreamFailed)).not.toBeInTheDocument();
    await user.click(
      within(screen.getByTestId('stream-stream2')).getByRole('button', { name: 'LOAD RECENT' }),
    );
    expect(await screen.findByText(messages.recentStreamFailed)).toBeInTheDocument();
    expect(screen.getAllByText(messages.recentStreamFailed)).toHaveLength(1);
    expect(screen.getAllByText('MARKET IS CURRENTLY CLOSED')).toHaveLength(2);
  });
});
