import type { BacktestFire, BacktestResult } from '@tapeline/core';
import { nyClock } from '../../lib/nyTime.ts';
import { alertLabText as text } from './alertLabText.ts';
import { chartDialog } from './chartDialog.ts';
import { formatMove, moveTone } from './formatMove.ts';

const share = (x: number | null) => (x === null ? '—' : `${Math.round(x * 100)}%`);

/** The summary, the histogram of +5-minute moves and the fires (each opens its chart). */
export function BacktestResults({ result }: { result: BacktestResult }) {
  const { summary, histogram, fires } = result;
  if (result.sessions.length === 0) return <p className="muted">{text.noSessions}</p>;
  const tallest = Math.max(1, ...histogram.map((b) => b.count));
  const openChart = (fire: BacktestFire) =>
    chartDialog.open({
      symbol: fire.symbol,
      date: fire.session,
      mark: { time: fire.time, price: fire.price, label: `${nyClock(fire.time) ?? ''} ${fire.msg}` },
    });
  return (
    <div className="lab-results">
      <dl className="lab-summary" aria-label={text.summary}>
        <div>
          <dt>{text.firesLabel}</dt>
          <dd>{summary.fires}</dd>
        </div>
        <div>
          <dt>{text.perSession}</dt>
          <dd>{summary.fires_per_session.toFixed(1)}</dd>
        </div>
        <div>
          <dt>{text.positive(text.marks.m5)}</dt>
          <dd>{share(summary.positive5)}</dd>
        </div>
        <div>
          <dt>{text.positive(text.marks.m30)}</dt>
          <dd>{share(summary.positive30)}</dd>
        </div>
        <div>
          <dt>{text.medianMean(text.marks.m5)}</dt>
          <dd>
            {formatMove(summary.stats.m5.median) ?? '—'} / {formatMove(summary.stats.m5.mean) ?? '—'}
          </dd>
        </div>
        <div>
          <dt>{text.medianMean(text.marks.m30)}</dt>
          <dd>
            {formatMove(summary.stats.m30.median) ?? '—'} / {formatMove(summary.stats.m30.mean) ?? '—'}
          </dd>
        </div>
        <div>
          <dt>{text.worst}</dt>
          <dd>
            {summary.worst_session
              ? `${summary.worst_session.session} (${formatMove(summary.worst_session.mean30) ?? '—'})`
              : '—'}
          </dd>
        </div>
      </dl>
      <figure className="lab-histogram" aria-label={text.histogram}>
        <figcaption className="muted">{text.histogram}</figcaption>
        <ol>
          {histogram.map((b) => (
            <li key={`${b.from}:${b.to}`} title={text.bucket(b.from, b.to, b.count)}>
              <span className="lab-histogram__bar" style={{ height: `${(b.count / tallest) * 100}%` }} />
              <span className="lab-histogram__label">{text.bucketLabel(b.from, b.to)}</span>
            </li>
          ))}
        </ol>
      </figure>
      <table className="lab-fires" aria-label={text.firesList}>
        <thead>
          <tr>
            <th>{text.when}</th>
            <th>{text.alert}</th>
            <th>{text.marks.m5}</th>
            <th>{text.marks.m30}</th>
            <th>{text.marks.close}</th>
            <th>{text.mae}</th>
          </tr>
        </thead>
        <tbody>
          {fires.map((fire) => (
            <tr key={`${fire.time}:${fire.symbol}:${fire.kind}`}>
              <td>
                {fire.session} {nyClock(fire.time)}
              </td>
              <td>
                <button type="button" className="alerts-link lab-fire" onClick={() => openChart(fire)}>
                  {fire.msg}
                </button>
              </td>
              {(['m5', 'm30', 'close'] as const).map((m) => (
                <td key={m} className={moveTone(fire.moves[m])}>
                  {formatMove(fire.moves[m]) ?? '—'}
                </td>
              ))}
              <td>{formatMove(fire.mae30) ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {result.truncated ? <p className="muted">{text.truncated(fires.length)}</p> : null}
    </div>
  );
}
