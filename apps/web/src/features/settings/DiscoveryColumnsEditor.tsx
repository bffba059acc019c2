import {
  DISCOVERY_COLUMNS,
  DISCOVERY_DISPLAYS,
  type DiscoveryColumnOption,
  type DiscoveryDisplay,
} from '@tapeline/core';
import { useId } from 'react';
import { discoveryTabText, settingsText } from './settingsText.ts';

interface DiscoveryColumnsEditorProps {
  /** The options as normalized (all 15 columns, in order). */
  columns: readonly DiscoveryColumnOption[];
  disabled: boolean;
  onChange: (column: DiscoveryColumnOption) => void;
}

/** Discovery settings (dashboard spec §2): per column, shown or hidden, and % or $ where it has both. */
export function DiscoveryColumnsEditor({ columns, disabled, onChange }: DiscoveryColumnsEditorProps) {
  return (
    <ul className="discovery-columns" aria-label={settingsText.discoveryTitle}>
      {DISCOVERY_COLUMNS.map((meta) => {
        const option = columns.find((c) => c.column === meta.id) ?? { column: meta.id, hidden: false };
        return (
          <li key={meta.id} className="setting-row discovery-column" data-column={meta.id}>
            <div className="setting-text">
              <span className="setting-label">{meta.label}</span>
              {meta.hideable ? null : <p className="setting-hint">{discoveryTabText.alwaysShown}</p>}
            </div>
            {meta.hasDisplay ? (
              <DisplayChoice
                label={meta.label}
                value={option.display === '$' ? '$' : '%'}
                disabled={disabled}
                onChange={(display) => onChange({ ...option, display })}
              />
            ) : null}
            <input
              type="checkbox"
              role="switch"
              className="switch"
              aria-label={discoveryTabText.show(meta.label)}
              checked={!option.hidden}
              aria-checked={!option.hidden}
              disabled={disabled || !meta.hideable}
              onChange={(event) => onChange({ ...option, hidden: !event.target.checked })}
            />
          </li>
        );
      })}
    </ul>
  );
}

function DisplayChoice({
  label,
  value,
  disabled,
  onChange,
}: {
  label: string;
  value: DiscoveryDisplay;
  disabled: boolean;
  onChange: (display: DiscoveryDisplay) => void;
}) {
  const name = useId();
  return (
    <fieldset className="segmented" aria-label={discoveryTabText.display(label)} disabled={disabled}>
      {DISCOVERY_DISPLAYS.map((d) => (
        <label key={d} className={d === value ? 'segment active' : 'segment'}>
          <input type="radio" name={name} value={d} checked={d === value} onChange={() => onChange(d)} />
          {discoveryTabText.displayNames[d]}
        </label>
      ))}
    </fieldset>
  );
}
