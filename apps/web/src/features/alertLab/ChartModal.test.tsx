import { sessionBarsAnswerSchema } from '@tapeline/core';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, fakeApi, ok } from '../../test-setup/fakeApi.ts';
import { renderUi } from '../../test-setup/render.tsx';
import { alertLabText as text } from './alertLabText.ts';
import { ChartModal } from './ChartModal.tsx';
import type { ChartData } from './chartData.ts';

// The canvas library does not run in jsdom: the test sees what would be drawn.
const drawn: ChartData[] = [];
vi.mock('./drawChart.ts', () => ({
  drawChart: (_el: HTMLElement, data: ChartData) => {
    drawn.push(data);
    return { update: (d: ChartData) => drawn.push(d), remove: () => {} };
  },
}));

const T0 = Date.UTC(2026, 10, 19, 14, 30);
const BARS = {
  symbol: 'ABC',
  date: '2026-11-19',
  prior_close: 9.5,
  t: [T0, T0 + 60_000],
  o: [10, 10.2],
  h: [10.3, 10.6],
  l: [9.9, 10.1],
  c: [10.2, 10.15],
  v: [1000, 2500],
  vwap: [10.1, 10.2],
  events: [],
};

afterEach(() => {
  drawn.length = 0;
});

describe('ChartModal', () => {
  it('draws a recorded session’s bars with the backtest fire and the trader’s alerts on the symbol', async () => {
    fakeApi()
      .on('GET /api/market/sessions/2026-11-19/bars/ABC', ok(sessionBarsAnswerSchema, BARS))
      .on('GET /api/alert_history', {
        status: 200,
        body: [
          { msg: 'ABC new high 10.60', date: T0 + 61_000 },
          { msg: 'ABCD new high 3.00', date: T0 },
        ],
      });
    renderUi(
      <ChartModal
        request={{
          symbol: 'ABC',
          date: '2026-11-19',
          mark: { time: T0 + 5000, price: 10, label: '09:30 ABC' },
        }}
      />,
    );
    expect(screen.getByRole('dialog', { name: 'ABC · 2026-11-19' })).toBeInTheDocument();
    await waitFor(() => expect(drawn.at(-1)?.markers.map((m) => m.kind)).toEqual(['fire', 'alert']));
    expect(drawn.at(-1)?.candles).toHaveLength(2);
    expect(screen.getByText(/fire marked: 09:30 ABC/)).toBeInTheDocument();
  });

  it('says so when the session or symbol has no bars', async () => {
    fakeApi().on('GET /api/market/sessions/2026-11-18/bars/XYZ', fail(404, 'not_found'));
    renderUi(<ChartModal request={{ symbol: 'XYZ', date: '2026-11-18' }} />);
    expect(await screen.findByText(text.chartFailed)).toBeInTheDocument();
    expect(drawn).toHaveLength(0);
  });
});
