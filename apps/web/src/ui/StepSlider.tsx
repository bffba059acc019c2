import { type CSSProperties, useId } from 'react';
import { useDraft } from './useDraft.ts';

interface StepSliderProps {
  label: string;
  hint: string;
  value: number;
  /** From 0 to `max` in steps of 1. */
  max: number;
  /** The value as the trader reads it, beside the label (and in the bubble). */
  format: (value: number) => string;
  onChange: (value: number) => void;
  /** Shows the value over the thumb too. */
  bubble?: boolean;
  /** Applied to what the input gives before it is kept (a clamp). */
  normalize?: (value: number) => number;
}

/** A settings row with one slider, its value shown and saved after the 200 ms slider debounce (§4). */
export function StepSlider({
  label,
  hint,
  value,
  max,
  format,
  onChange,
  bubble = false,
  normalize,
}: StepSliderProps) {
  const id = useId();
  const [current, setCurrent] = useDraft(value, onChange);
  const shown = format(current);
  const fraction = current / max;
  const style = { '--at': `${fraction * 100}%`, '--f': fraction } as CSSProperties;

  return (
    <div className="setting-row setting-row-stacked">
      <div className="setting-text">
        <div className="setting-label-line">
          <label htmlFor={id} className="setting-label">
            {label}
          </label>
          <output htmlFor={id} className="setting-value">
            {shown}
          </output>
        </div>
        <p className="setting-hint">{hint}</p>
      </div>
      <div className="single-slider" style={style}>
        {bubble ? (
          <span className="slider-bubble" aria-hidden="true">
            {shown}
          </span>
        ) : null}
        <input
          id={id}
          type="range"
          min={0}
          max={max}
          step={1}
          value={current}
          aria-valuetext={shown}
          onChange={(event) => {
            const raw = Number(event.target.value);
            setCurrent(normalize ? normalize(raw) : raw);
          }}
        />
      </div>
    </div>
  );
}
