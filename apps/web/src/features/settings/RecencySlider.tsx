import { NEWS_RECENCY_MAX_HOURS } from '@tapeline/core';
import { type CSSProperties, useId } from 'react';
import { formatRecency } from './recency.ts';
import { settingsText } from './settingsText.ts';
import { useDraft } from './useDraft.ts';

/** News recency, 0 to 5 days in hours; the bubble over the thumb shows hours or days. */
export function RecencySlider({ value, onChange }: { value: number; onChange: (hours: number) => void }) {
  const id = useId();
  const [hours, setHours] = useDraft(value, onChange);
  const text = formatRecency(hours);
  const fraction = hours / NEWS_RECENCY_MAX_HOURS;
  const style = { '--at': `${fraction * 100}%`, '--f': fraction } as CSSProperties;

  return (
    <div className="setting-row setting-row-stacked">
      <div className="setting-text">
        <div className="setting-label-line">
          <label htmlFor={id} className="setting-label">
            {settingsText.recency}
          </label>
          <output htmlFor={id} className="setting-value">
            {text}
          </output>
        </div>
        <p className="setting-hint">{settingsText.recencyHint}</p>
      </div>
      <div className="single-slider" style={style}>
        <span className="slider-bubble" aria-hidden="true">
          {text}
        </span>
        <input
          id={id}
          type="range"
          min={0}
          max={NEWS_RECENCY_MAX_HOURS}
          step={1}
          value={hours}
          aria-valuetext={text}
          onChange={(event) => setHours(Number(event.target.value))}
        />
      </div>
    </div>
  );
}
