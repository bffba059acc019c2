import { OPTIONS_MODES, type OptionsMode } from '@tapeline/core';
import { useId } from 'react';
import { OPTIONS_MODE_LABELS, settingsText } from './settingsText.ts';

/** Off, Icon or Filter (spec §2 General), as one segmented radio group. */
export function OptionsModeSetting({
  value,
  onChange,
}: {
  value: OptionsMode;
  onChange: (mode: OptionsMode) => void;
}) {
  const name = useId();
  return (
    <fieldset className="setting-row setting-fieldset">
      <div className="setting-text">
        <legend className="setting-label">{settingsText.optionsMode}</legend>
        <p className="setting-hint">{settingsText.optionsModeHint}</p>
      </div>
      <div className="segmented">
        {OPTIONS_MODES.map((mode) => (
          <label key={mode} className={mode === value ? 'segment active' : 'segment'}>
            <input
              type="radio"
              name={name}
              value={mode}
              checked={mode === value}
              onChange={() => onChange(mode)}
            />
            {OPTIONS_MODE_LABELS[mode]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
