import type { RuleType, StepUnit } from '@tapeline/core';
import { type CSSProperties, useId, useMemo } from 'react';
import { formatRate, positionToRate, rateStops, rateToPosition } from './rateScale.ts';

interface RateSliderProps {
  type: RuleType;
  value: number;
  onChange: (rate: number) => void;
  /** The accessible name ("Rate for AAPL"). */
  label: string;
  disabled?: boolean;
  /** Hi/Low: dollars (default) or a percent of the last fired price. */
  unit?: StepUnit;
}

/** An alert's rate over its type's §9 range, in round steps, the value shown beside it. */
export function RateSlider({
  type,
  value,
  onChange,
  label,
  disabled = false,
  unit = 'dollar',
}: RateSliderProps) {
  const id = useId();
  const stops = useMemo(() => rateStops(type, unit), [type, unit]);
  const position = rateToPosition(stops, value);
  const last = stops.length - 1;
  const text = formatRate(type, value, unit);
  const style = { '--at': `${(position / last) * 100}%`, '--f': position / last } as CSSProperties;

  return (
    <div className={disabled ? 'rate-slider is-disabled' : 'rate-slider'}>
      <div className="single-slider" style={style}>
        <input
          id={id}
          type="range"
          min={0}
          max={last}
          step={1}
          value={position}
          disabled={disabled}
          aria-label={label}
          aria-valuetext={text}
          onChange={(event) => onChange(positionToRate(stops, Number(event.target.value)))}
        />
      </div>
      <output htmlFor={id} className="rate-value">
        {text}
      </output>
    </div>
  );
}
