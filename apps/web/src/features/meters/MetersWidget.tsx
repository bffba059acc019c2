import { METER_SYMBOLS } from '@tapeline/core';
import { useRef } from 'react';
import type { WidgetProps } from '../../ui/widgetContract.ts';
import { Gauge } from './Gauge.tsx';
import { useMeters } from './metersApi.ts';
import { metersText } from './metersText.ts';
import { useMeterTileCount } from './useMeterTileCount.ts';
import './meters.css';

/** DOW, NAZ and SPY: today's move of DIA, QQQ and SPY in daily ATRs (docs/metrics.md, Meters). */
export function MetersWidget({ id }: WidgetProps) {
  const ref = useRef<HTMLDivElement>(null);
  const tiles = useMeterTileCount(ref);
  const meters = useMeters();
  // A failed poll greys the gauges rather than leave figures up that may be minutes old.
  const unavailable = meters.isError;
  const bySymbol = new Map((unavailable ? [] : (meters.data ?? [])).map((q) => [q.s, q]));
  return (
    <div
      ref={ref}
      className={unavailable ? 'meters-widget is-unavailable' : 'meters-widget'}
      data-testid={`meters-${id}`}
      data-tiles={tiles}
      // A short cell scrolls the gauges: keyboard users must be able to reach and scroll it (axe).
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region is focusable by design
      tabIndex={0}
    >
      <div className="meters-gauges" aria-hidden={unavailable || undefined}>
        {METER_SYMBOLS.map((symbol) => (
          <Gauge key={symbol} symbol={symbol} quote={bySymbol.get(symbol)} tiles={tiles} />
        ))}
      </div>
      {unavailable && (
        <p className="meters-unavailable" role="status">
          {metersText.unavailable}
        </p>
      )}
    </div>
  );
}
