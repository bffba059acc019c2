import {
  formatPercent,
  METER_LABELS,
  type MeterQuote,
  type MeterSymbol,
  meterChangePercent,
  meterReading,
  meterTiles,
} from '@tapeline/core';
import type { CSSProperties } from 'react';
import { metersText } from './metersText.ts';

const signed = (n: number, digits: number) => `${n > 0 ? '+' : ''}${n.toFixed(digits)}`;

/** Lit tiles deepen from the centre out; unlit ones keep a trace of their colour as a scale. */
const tileAlpha = (lit: boolean, strength: number) => (lit ? 0.45 + 0.55 * strength : 0.1);

interface GaugeProps {
  symbol: MeterSymbol;
  quote: MeterQuote | undefined;
  tiles: number;
}

/** One index gauge: its label, the tiles, and the move in ATRs and percent. */
export function Gauge({ symbol, quote, tiles }: GaugeProps) {
  const label = METER_LABELS[symbol];
  const reading = meterReading(quote);
  const changePercent = meterChangePercent(quote);
  const percent = changePercent === null ? null : formatPercent(changePercent);
  const text = reading === null ? 'no reading' : `${signed(reading, 2)} ATR${percent ? `, ${percent}` : ''}`;
  return (
    <div className="gauge" data-symbol={symbol}>
      <span className="gauge-label" title={symbol}>
        {label}
      </span>
      <div
        className="gauge-tiles"
        role="img"
        aria-label={`${label}: ${text}`}
        data-reading={reading ?? undefined}
      >
        {meterTiles(reading, tiles).map((tile) => (
          <span
            key={tile.offset}
            className={`gauge-tile gauge-tile--${tile.tone}${tile.lit ? ' is-lit' : ''}`}
            style={{ '--alpha': tileAlpha(tile.lit, tile.strength) } as CSSProperties}
          />
        ))}
      </div>
      <span className="gauge-figures">
        {reading === null ? (
          '—'
        ) : (
          <>
            <span className={reading > 0 ? 'up' : reading < 0 ? 'down' : undefined}>
              {signed(reading, 2)}
            </span>
            <span className="gauge-unit"> {metersText.atr}</span>
            {percent && <span className="gauge-percent muted"> {percent}</span>}
          </>
        )}
      </span>
    </div>
  );
}
