import { NEWS_RECENCY_MAX_HOURS } from '@tapeline/core';
import { StepSlider } from '../../ui/StepSlider.tsx';
import { formatRecency } from './recency.ts';
import { settingsText } from './settingsText.ts';

/** News recency, 0 to 5 days in hours; the bubble over the thumb shows hours or days. */
export function RecencySlider({ value, onChange }: { value: number; onChange: (hours: number) => void }) {
  return (
    <StepSlider
      label={settingsText.recency}
      hint={settingsText.recencyHint}
      value={value}
      max={NEWS_RECENCY_MAX_HOURS}
      format={formatRecency}
      onChange={onChange}
      bubble
    />
  );
}
