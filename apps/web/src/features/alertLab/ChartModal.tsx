import { chartLinkUrl } from '@tapeline/core';
import { latestSession } from '@tapeline/market';
import { useEffect, useMemo, useRef } from 'react';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { useAlertHistory } from '../../lib/alerts/alertHistoryApi.ts';
import { marketNow } from '../../lib/marketClock.ts';
import { useOptionalSettingsStore } from '../../lib/settings/useSettings.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { alertLabText as text } from './alertLabText.ts';
import { type ChartNote, chartData } from './chartData.ts';
import { type ChartRequest, chartDialog } from './chartDialog.ts';
import { type DrawnChart, drawChart } from './drawChart.ts';
import { useSessionBars } from './labApi.ts';
import './alertLab.css';

// Outside a signed-in page's settings (tests, a pop-out): no link.
const noSettings = createStore(() => ({ status: 'loading' as const, config: { chartLink: undefined } }));

const isoDate = (yyyymmdd: number) =>
  `${Math.floor(yyyymmdd / 10000)}-${String(Math.floor(yyyymmdd / 100) % 100).padStart(2, '0')}-${String(yyyymmdd % 100).padStart(2, '0')}`;

/**
 * A symbol's 1-minute chart of a session: candles, VWAP, volume, the day's high and low, this
 * trader's alerts on it and, from a backtest, the fire. Today's session (no date asked) is live.
 */
export function ChartModal({ request }: { request: ChartRequest }) {
  const { symbol, mark } = request;
  const today = useMemo(() => isoDate(latestSession(marketNow()).date), []);
  const date = request.date ?? today;
  const live = date === today;
  const bars = useSessionBars(symbol, date, live);
  const settings = useOptionalSettingsStore();
  const chartLink = useStore(settings?.state ?? noSettings, (s) =>
    s.status === 'ready' ? s.config.chartLink : undefined,
  );
  const history = useAlertHistory();
  const element = useRef<HTMLDivElement>(null);
  const drawn = useRef<DrawnChart | null>(null);

  const data = useMemo(() => {
    if (!bars.data) return null;
    const notes: ChartNote[] = [];
    for (const item of history.data ?? []) {
      if (item.msg.startsWith(`${symbol} `))
        notes.push({ time: item.date, kind: 'alert', text: text.alertMark });
    }
    if (mark) notes.push({ time: mark.time, kind: 'fire', text: text.fireMark });
    return chartData(bars.data, notes, { halt: text.haltMark, resume: text.resumeMark });
  }, [bars.data, history.data, symbol, mark]);

  useEffect(() => {
    if (!data || !element.current) return;
    if (drawn.current) drawn.current.update(data);
    else drawn.current = drawChart(element.current, data, { high: text.dayHigh, low: text.dayLow });
  }, [data]);
  useEffect(
    () => () => {
      drawn.current?.remove();
      drawn.current = null;
    },
    [],
  );

  const empty = bars.data && bars.data.t.length === 0;
  return (
    <Modal
      open
      title={text.chartTitle(symbol, date)}
      onClose={chartDialog.close}
      className="lab-chart-modal"
      testId="chart"
    >
      <p className="lab-chart__legend muted">
        {live ? text.live : text.recorded}
        {mark ? ` · ${text.fireAt(mark.label)}` : ''}
        {chartLink ? (
          <>
            {' · '}
            <a href={chartLinkUrl(chartLink, symbol)} target="_blank" rel="noopener noreferrer">
              {text.openElsewhere}
            </a>
          </>
        ) : null}
      </p>
      {bars.isError ? (
        <p className="muted">{text.chartFailed}</p>
      ) : !bars.data ? (
        <Spinner />
      ) : empty ? (
        <p className="muted">{text.noBars}</p>
      ) : null}
      <div
        ref={element}
        className="lab-chart"
        data-testid="chart-canvas"
        data-bars={bars.data?.t.length ?? 0}
        data-fire={mark ? 'yes' : 'no'}
        hidden={!bars.data || empty}
      />
      <p className="lab-chart__credit muted">
        <a href="https://www.tradingview.com/" target="_blank" rel="noopener noreferrer">
          {text.chartCredit}
        </a>
      </p>
    </Modal>
  );
}
