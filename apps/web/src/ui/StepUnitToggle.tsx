import { STEP_UNITS, type StepUnit } from '@tapeline/core';
import { useId } from 'react';
import './stepUnit.css';

const LABELS: Record<StepUnit, string> = { dollar: '$', percent: '%' };
/** Names that hold the visible sign, so speech and sight agree (axe label-content-name-mismatch). */
const NAMES: Record<StepUnit, string> = { dollar: '$ (dollars)', percent: '% (percent of last alert)' };

/**
 * A Hi/Low step in dollars or in percent of the last fired price (issue 27: one % setting fits
 * a $2 and a $200 name), as a two-choice segmented radio group beside the rate slider.
 */
export function StepUnitToggle({
  value,
  onChange,
  label,
  disabled = false,
}: {
  value: StepUnit;
  onChange: (unit: StepUnit) => void;
  /** The group's accessible name ("Step unit for AAPL"). */
  label: string;
  disabled?: boolean;
}) {
  const name = useId();
  return (
    <div className="step-unit" role="radiogroup" aria-label={label}>
      {STEP_UNITS.map((unit) => (
        <label
          key={unit}
          className={unit === value ? 'step-unit__choice active' : 'step-unit__choice'}
          title={NAMES[unit]}
        >
          <input
            type="radio"
            name={name}
            value={unit}
            aria-label={NAMES[unit]}
            checked={unit === value}
            disabled={disabled}
            onChange={() => onChange(unit)}
          />
          {LABELS[unit]}
        </label>
      ))}
    </div>
  );
}
