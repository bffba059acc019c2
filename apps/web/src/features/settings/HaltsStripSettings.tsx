import {
  HALTS_MINUTES_MAX,
  HALTS_STRIP_DEFAULT,
  HALTS_SYMBOL_LENGTH_MAX,
  type HaltsStrip,
} from '@tapeline/core';
import { StepSlider } from '../../ui/StepSlider.tsx';
import { settingsText } from './settingsText.ts';

/** The Stream widgets' halts strip filters (issue 27): how old a halt may be, how long a symbol. */
export function HaltsStripSettings({
  value = HALTS_STRIP_DEFAULT,
  onChange,
}: {
  value?: HaltsStrip | undefined;
  onChange: (halts: HaltsStrip) => void;
}) {
  return (
    <section className="settings-section" aria-labelledby="settings-halts">
      <h2 id="settings-halts" className="settings-section-title">
        {settingsText.halts}
      </h2>
      <StepSlider
        label={settingsText.haltsAge}
        hint={settingsText.haltsAgeHint}
        value={value.minutes}
        max={HALTS_MINUTES_MAX}
        format={settingsText.haltsAgeValue}
        onChange={(minutes) => onChange({ ...value, minutes })}
      />
      <StepSlider
        label={settingsText.haltsLength}
        hint={settingsText.haltsLengthHint}
        value={value.maxLength}
        max={HALTS_SYMBOL_LENGTH_MAX}
        format={settingsText.haltsLengthValue}
        onChange={(maxLength) => onChange({ ...value, maxLength })}
      />
    </section>
  );
}
