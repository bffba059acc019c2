import { SECTOR_CODES, SECTOR_NAMES } from '@tapeline/market';
import { notificationsText as text } from './notificationsText.ts';

/** The sectors a filtered alert watches; none chosen is shown in red (§5: required). */
export function SectorPicker({
  value,
  onChange,
}: {
  value: readonly number[];
  onChange: (codes: number[]) => void;
}) {
  const missing = value.length === 0;
  const toggle = (code: number, on: boolean) =>
    onChange(on ? [...value.filter((c) => c !== code), code] : value.filter((c) => c !== code));
  return (
    <fieldset
      className={missing ? 'industries is-missing' : 'industries'}
      aria-label={text.sectors}
      aria-invalid={missing || undefined}
    >
      <div className="industries-head">
        <legend className="range-label">{text.sectors}</legend>
        <div className="industries-bulk">
          <button type="button" className="btn-link" onClick={() => onChange([...SECTOR_CODES])}>
            {text.all}
          </button>
          <button type="button" className="btn-link" onClick={() => onChange([])}>
            {text.none}
          </button>
        </div>
      </div>
      <div className="industries-grid">
        {SECTOR_CODES.map((code) => (
          <label key={code} className="industry">
            <input
              type="checkbox"
              checked={value.includes(code)}
              onChange={(e) => toggle(code, e.target.checked)}
            />
            <span>{SECTOR_NAMES[code]}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
