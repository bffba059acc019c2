import { type BacktestJob, type BacktestResult, backtestJobSchema, labMessages } from '@tapeline/core';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fail, fakeApi, ok } from '../../test-setup/fakeApi.ts';
import { renderUi } from '../../test-setup/render.tsx';
import { alertLabText as text } from './alertLabText.ts';
import { BacktestPanel } from './BacktestPanel.tsx';
import { chartDialog } from './chartDialog.ts';

const RULE = { kind: 'halt' } as const;
const T = Date.UTC(2026, 10, 19, 15, 0); // 10:00 New York
const stat = (median: number | null) => ({
  n: 1,
  median,
  mean: median,
  positive: median === null ? null : 1,
});

const RESULT: BacktestResult = {
  rule: RULE,
  sessions: ['2026-11-18', '2026-11-19'],
  fires: [
    {
      session: '2026-11-19',
      time: T,
      symbol: 'ABC',
      price: 10,
      kind: 'halt',
      msg: 'ABC halted (LUDP)',
      dir: 'up',
      moves: { m1: 0.5, m5: 1.25, m15: 2, m30: -0.4, close: 3 },
      mae30: -0.8,
    },
  ],
  truncated: false,
  summary: {
    fires: 1,
    fires_per_session: 0.5,
    per_session: [],
    stats: { m1: stat(0.5), m5: stat(1.25), m15: stat(2), m30: stat(-0.4), close: stat(3) },
    positive5: 1,
    positive30: 0,
    worst_session: { session: '2026-11-19', fires: 1, mean30: -0.4 },
  },
  histogram: [
    { from: null, to: 0, count: 0 },
    { from: 0, to: 2, count: 1 },
    { from: 2, to: null, count: 0 },
  ],
};

const job = (over: Partial<BacktestJob>): BacktestJob => ({
  id: 'j1',
  state: 'running',
  progress: { done: 0, total: 2 },
  cached: false,
  result: null,
  error: null,
  ...over,
});

afterEach(() => chartDialog.close());

describe('BacktestPanel', () => {
  it('runs over the chosen sessions, shows progress, then the summary, histogram and fires; a fire opens its chart', async () => {
    let polls = 0;
    const api = fakeApi()
      .on('POST /api/alerts/backtest', { status: 202, body: job({}) })
      .on('GET /api/alerts/backtest/j1', () => {
        polls += 1;
        return polls === 1
          ? ok(backtestJobSchema, job({ progress: { done: 1, total: 2 } }))
          : ok(backtestJobSchema, job({ state: 'done', progress: { done: 2, total: 2 }, result: RESULT }));
      });
    const { user } = renderUi(<BacktestPanel rule={RULE} />);

    await user.click(screen.getByRole('radio', { name: text.sessionChoice(20) }));
    await user.click(screen.getByRole('button', { name: text.run }));
    expect(await screen.findByRole('status')).toHaveTextContent(/Replaying session \d of 2/);
    expect(api.calls('POST /api/alerts/backtest')[0]?.body).toEqual({ rule: RULE, sessions: 20 });

    const fires = await screen.findByRole('table', { name: text.firesList });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByText(text.worst).nextSibling).toHaveTextContent('2026-11-19 (−0.40%)');
    expect(screen.getByText(text.positive('5m')).nextSibling).toHaveTextContent('100%');
    const bars = within(screen.getByRole('figure', { name: text.histogram })).getAllByRole('listitem');
    expect(bars.map((b) => b.getAttribute('title'))).toEqual([
      'below 0%: 0',
      '0% to 2%: 1',
      '2% and above: 0',
    ]);
    expect(within(fires).getByRole('row', { name: /ABC halted/ })).toHaveTextContent('+1.25%');

    await user.click(within(fires).getByRole('button', { name: 'ABC halted (LUDP)' }));
    expect(chartDialog.current()).toEqual({
      symbol: 'ABC',
      date: '2026-11-19',
      mark: { time: T, price: 10, label: '10:00:00 ABC halted (LUDP)' },
    });
  });

  it('cancels a running backtest', async () => {
    const api = fakeApi()
      .on('POST /api/alerts/backtest', { status: 202, body: job({}) })
      .on('GET /api/alerts/backtest/j1', ok(backtestJobSchema, job({})))
      .on('DELETE /api/alerts/backtest/j1', ok(backtestJobSchema, job({ state: 'cancelled' })));
    const { user } = renderUi(<BacktestPanel rule={RULE} />);
    await user.click(screen.getByRole('button', { name: text.run }));
    await user.click(await screen.findByRole('button', { name: text.cancel }));
    expect(await screen.findByText(text.cancelled)).toBeInTheDocument();
    expect(api.calls('DELETE /api/alerts/backtest/j1')).toHaveLength(1);
    expect(screen.getByRole('button', { name: text.run })).toBeEnabled();
  });

  it('says so when another backtest of the trader is running', async () => {
    fakeApi().on('POST /api/alerts/backtest', fail(409, 'conflict', labMessages.busy));
    const { user } = renderUi(<BacktestPanel rule={RULE} />);
    await user.click(screen.getByRole('button', { name: text.run }));
    expect(await screen.findByText(labMessages.busy)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: text.run })).toBeEnabled());
  });
});
