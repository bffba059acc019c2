import { useEffect, useState } from 'react';
import { useConfig } from '../auth/useConfig.ts';
import { formatCountdown, marketClock } from './marketClock.ts';
import { StreamTable } from './StreamTable.tsx';
import { useLiveStream } from './useLiveStream.ts';
import './stream.css';

/** A tape that delivered a batch this recently counts as live even when the wall clock says closed. */
const LIVE_WINDOW_MS = 10_000;

/** The Stream widget: new highs and lows side by side, halts above, market-closed state. */
export function StreamWidget() {
  const { view, lastBatchAt, loadRecent } = useLiveStream();
  const config = useConfig();
  const [now, setNow] = useState(() => Date.now());
  const [recentLoaded, setRecentLoaded] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);

  useEffect(() => {
    const tick = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(tick);
  }, []);

  const clock = marketClock(now);
  const live = now - lastBatchAt < LIVE_WINDOW_MS;
  const closed = !clock.open && !live && !recentLoaded;

  const onLoadRecent = () => {
    setLoadFailed(false);
    loadRecent().then(
      () => setRecentLoaded(true),
      () => setLoadFailed(true),
    );
  };

  return (
    <section className="stream-widget" aria-label="Stream">
      <header className="stream-head">
        <h2>Stream</h2>
        {config.data?.simulated && <span className="badge badge--sim">SIMULATED</span>}
      </header>
      {view.halts.length > 0 && (
        <ul className="halts-bar" aria-label="Halts">
          {view.halts.slice(0, 20).map((h) => (
            <li key={h[0]} className={h[3] === 1 ? 'halted' : 'resumed'}>
              {h[0]} <span className="muted">{h[3] === 1 ? `HALT ${h[4]}` : 'RESUMED'}</span>
            </li>
          ))}
        </ul>
      )}
      {closed ? (
        <div className="market-closed">
          <p className="market-closed__title">MARKET IS CURRENTLY CLOSED</p>
          <p className="market-closed__countdown">OPENS IN {formatCountdown(clock.opensInMs)}</p>
          <button type="button" className="btn btn-secondary" onClick={onLoadRecent}>
            LOAD RECENT
          </button>
          {loadFailed && <p className="muted">Recent data could not be loaded. Try again.</p>}
        </div>
      ) : (
        <div className="stream-sides">
          <StreamTable title="High" rows={view.highs} tone="high" />
          <StreamTable title="Low" rows={view.lows} tone="low" />
        </div>
      )}
    </section>
  );
}
