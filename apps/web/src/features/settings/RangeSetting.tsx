import { STREAM_RANGES, type StreamRangeKey } from '@tapeline/core';
import { useId } from 'react';
import { settingControlText } from '../../ui/settingControlText.ts';
import { UpgradeBadge } from '../../ui/UpgradeBadge.tsx';
import { useDraft } from '../../ui/useDraft.ts';
import { AmountInput } from './AmountInput.tsx';
import { DualSlider } from './DualSlider.tsx';
import { formatAmountInput, formatRangeValue, isUnbounded, type Range, withSide } from './rangeScale.ts';
import { settingsText } from './settingsText.ts';

interface RangeSettingProps {
  rangeKey: StreamRangeKey;
  label: string;
  range: Range;
  onChange: (range: Range) => void;
  /** A Pro Plus range shown to someone below Pro Plus: visible, untouchable, with the upgrade. */
  locked?: boolean;
  proPlus?: boolean;
}

/** One stream filter range: a summary, a two-thumb slider and two typed bounds. */
export function RangeSetting({
  rangeKey,
  label,
  range,
  onChange,
  locked = false,
  proPlus = false,
}: RangeSettingProps) {
  const labelId = useId();
  const [draft, setDraft] = useDraft(range, onChange);
  const shown = locked ? { ...STREAM_RANGES[rangeKey] } : draft;

  const onSide = (side: 'min' | 'max') => (value: number, final: boolean) => {
    const bounds = STREAM_RANGES[rangeKey];
    const fits =
      value >= bounds.min &&
      value <= bounds.max &&
      (side === 'min' ? value <= draft.max : value >= draft.min);
    if (final || fits) setDraft(withSide(rangeKey, draft, side, value));
  };

  return (
    <fieldset
      className={locked ? 'range-setting is-locked' : 'range-setting'}
      aria-labelledby={labelId}
      data-range={rangeKey}
    >
      <div className="range-head">
        <span id={labelId} className="range-label">
          {label}
        </span>
        {proPlus ? <UpgradeBadge label={settingControlText.proPlusOnly} locked={locked} /> : null}
        <output className="range-summary">
          {formatRangeValue(rangeKey, shown.min, 'min')} – {formatRangeValue(rangeKey, shown.max, 'max')}
        </output>
      </div>
      <DualSlider rangeKey={rangeKey} label={label} range={shown} onChange={setDraft} disabled={locked} />
      <div className="range-inputs">
        <AmountInput
          label={settingsText.minimum}
          name={`Minimum ${label}`}
          text={formatAmountInput(rangeKey, shown.min)}
          emptyValue={STREAM_RANGES[rangeKey].min}
          onValue={onSide('min')}
          disabled={locked}
        />
        <AmountInput
          label={settingsText.maximum}
          name={`Maximum ${label}`}
          text={isUnbounded(rangeKey, shown.max) ? '' : formatAmountInput(rangeKey, shown.max)}
          placeholder={`${settingsText.any} (∞)`}
          emptyValue={STREAM_RANGES[rangeKey].max}
          onValue={onSide('max')}
          disabled={locked}
        />
      </div>
    </fieldset>
  );
}
