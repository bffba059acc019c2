import type { StreamRangeKey } from '@tapeline/core';
import type { CSSProperties } from 'react';
import { formatRangeValue, type Range, rangeStops, stopIndex, withSide } from './rangeScale.ts';

interface DualSliderProps {
  rangeKey: StreamRangeKey;
  label: string;
  range: Range;
  onChange: (range: Range) => void;
  disabled?: boolean;
}

/**
 * A two-thumb slider over the range's stops: two native range inputs laid on one track, so
 * each thumb keeps the browser's keyboard, touch and screen-reader handling.
 */
export function DualSlider({ rangeKey, label, range, onChange, disabled = false }: DualSliderProps) {
  const stops = rangeStops(rangeKey);
  const last = stops.length - 1;
  const lo = stopIndex(stops, range.min);
  const hi = stopIndex(stops, range.max);
  const style = { '--lo': `${(lo / last) * 100}%`, '--hi': `${(hi / last) * 100}%` } as CSSProperties;
  const stop = (index: number) => stops[index] ?? 0;

  return (
    <div className={disabled ? 'dual-slider is-disabled' : 'dual-slider'} style={style}>
      <div className="dual-slider-track" aria-hidden="true">
        <div className="dual-slider-fill" />
      </div>
      <input
        type="range"
        min={0}
        max={last}
        step={1}
        value={lo}
        disabled={disabled}
        // At the top end the min thumb sits over the max thumb: lift it so it can be dragged back.
        className={lo === last ? 'thumb-min on-top' : 'thumb-min'}
        aria-label={`Minimum ${label}`}
        aria-valuetext={formatRangeValue(rangeKey, range.min, 'min')}
        onChange={(event) =>
          onChange(withSide(rangeKey, range, 'min', stop(Math.min(Number(event.target.value), hi))))
        }
      />
      <input
        type="range"
        min={0}
        max={last}
        step={1}
        value={hi}
        disabled={disabled}
        className="thumb-max"
        aria-label={`Maximum ${label}`}
        aria-valuetext={formatRangeValue(rangeKey, range.max, 'max')}
        onChange={(event) =>
          onChange(withSide(rangeKey, range, 'max', stop(Math.max(Number(event.target.value), lo))))
        }
      />
    </div>
  );
}
