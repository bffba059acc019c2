import type { StreamChannelValue } from '@tapeline/core';
import { SECTOR_CODES, SECTOR_NAMES, type SectorCode } from '@tapeline/market';
import { isSectorShown } from './channelConfig.ts';
import { settingsText } from './settingsText.ts';

interface IndustriesSettingProps {
  value: StreamChannelValue;
  onChange: (codes: readonly SectorCode[], shown: boolean) => void;
}

/** One checkbox per sector (spec §3 codes); a cleared box hides that sector from the channel. */
export function IndustriesSetting({ value, onChange }: IndustriesSettingProps) {
  return (
    <fieldset className="industries">
      <div className="industries-head">
        <legend className="range-label">{settingsText.industries}</legend>
        <div className="industries-bulk">
          <button type="button" className="btn-link" onClick={() => onChange(SECTOR_CODES, true)}>
            {settingsText.all}
          </button>
          <button type="button" className="btn-link" onClick={() => onChange(SECTOR_CODES, false)}>
            {settingsText.none}
          </button>
        </div>
      </div>
      <div className="industries-grid">
        {SECTOR_CODES.map((code) => (
          <label key={code} className="industry">
            <input
              type="checkbox"
              checked={isSectorShown(value, code)}
              onChange={(event) => onChange([code], event.target.checked)}
            />
            <span>{SECTOR_NAMES[code]}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
