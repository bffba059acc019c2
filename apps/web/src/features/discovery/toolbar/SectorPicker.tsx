import { SECTOR_ALL, SECTOR_NAMES, type SectorChoice, type SectorCode, sectorOptions } from '@tapeline/core';
import { type RefObject, useCallback, useRef, useState } from 'react';
import { useDismiss } from '../../../ui/useDismiss.ts';
import { discoveryText as text } from '../discoveryText.ts';

const OPTIONS = sectorOptions();

function summary(selected: readonly number[]): string {
  if (selected.length === 0) return text.allSectors;
  if (selected.length === 1) return SECTOR_NAMES[selected[0] as SectorCode] ?? text.oneSector;
  return text.someSectors(selected.length);
}

/**
 * The sector picker (spec §4): All first, the sectors A→Z, MISCELLANEOUS last; each choice goes
 * through core's toggleSector (toggle, All resets, a sector replaces All).
 */
export function SectorPicker({
  selected,
  onChoose,
}: {
  selected: readonly number[];
  onChoose(choice: SectorChoice): void;
}) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  return (
    <div className="dv-picker" ref={ref}>
      <button
        type="button"
        className="btn btn-secondary dv-picker-toggle"
        aria-expanded={open}
        aria-label={text.sector(summary(selected))}
        onClick={() => setOpen((o) => !o)}
      >
        {summary(selected)}
      </button>
      {open && <SectorMenu anchor={ref} selected={selected} onChoose={onChoose} onClose={close} />}
    </div>
  );
}

/** The open list: Escape or a press outside closes it; choices keep it open. */
function SectorMenu({
  anchor,
  selected,
  onChoose,
  onClose,
}: {
  anchor: RefObject<HTMLDivElement | null>;
  selected: readonly number[];
  onChoose(choice: SectorChoice): void;
  onClose(): void;
}) {
  useDismiss(anchor, onClose, { anchored: true });
  return (
    <fieldset className="dv-picker-menu" aria-label={text.sectors}>
      {OPTIONS.map((o) => {
        const checked = o.value === SECTOR_ALL ? selected.length === 0 : selected.includes(o.value);
        return (
          <label key={o.value} className="dv-picker-option">
            <input type="checkbox" checked={checked} onChange={() => onChoose(o.value)} />
            {o.label}
          </label>
        );
      })}
    </fieldset>
  );
}
