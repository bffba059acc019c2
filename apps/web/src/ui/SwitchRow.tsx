import { useId } from 'react';

interface SwitchRowProps {
  label: string;
  hint?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/** An on/off setting: a checkbox drawn as a switch, its label and a line saying what it does. */
export function SwitchRow({ label, hint, checked, onChange }: SwitchRowProps) {
  const id = useId();
  return (
    <div className="setting-row">
      <div className="setting-text">
        <label htmlFor={id} className="setting-label">
          {label}
        </label>
        {hint ? (
          <p className="setting-hint" id={`${id}-hint`}>
            {hint}
          </p>
        ) : null}
      </div>
      <input
        id={id}
        type="checkbox"
        role="switch"
        className="switch"
        checked={checked}
        aria-checked={checked}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(event) => onChange(event.target.checked)}
      />
    </div>
  );
}
