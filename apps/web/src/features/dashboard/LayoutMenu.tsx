import type { Layout, LayoutKey } from '@tapeline/core';
import { useEffect, useRef, useState } from 'react';
import { IconLock, IconReset } from '../../ui/icons.tsx';

interface LayoutMenuProps {
  layouts: readonly Layout[];
  onActivate(key: LayoutKey): void;
  onLock(key: LayoutKey, locked: boolean): void;
  onReset(key: LayoutKey): void;
}

/** Switch layouts; lock, unlock or reset each. Hidden at 768 px and below (by CSS). */
export function LayoutMenu({ layouts, onActivate, onLock, onReset }: LayoutMenuProps) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const active = layouts.find((l) => l.active);

  useEffect(() => {
    if (!open) return;
    const away = (event: MouseEvent) => {
      if (!ref.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', away);
    return () => document.removeEventListener('mousedown', away);
  }, [open]);

  return (
    <div className="layout-menu" ref={ref}>
      <button
        type="button"
        className="layout-menu-btn"
        aria-haspopup="true"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        <span className="muted">Layout</span> {active?.label} {active?.locked && <IconLock />} ▾
      </button>
      {open && (
        <ul className="layout-menu-list" aria-label="Layouts">
          {layouts.map((l) => (
            <li key={l.key} className={l.active ? 'is-active' : undefined}>
              <button
                type="button"
                className="layout-pick"
                aria-current={l.active}
                onClick={() => {
                  onActivate(l.key);
                  setOpen(false);
                }}
              >
                {l.label}
              </button>
              <button
                type="button"
                className="tool-btn"
                aria-label={`${l.locked ? 'Unlock' : 'Lock'} ${l.label}`}
                title={l.locked ? 'Unlock to move, resize and toggle widgets' : 'Lock this layout'}
                onClick={() => onLock(l.key, !l.locked)}
              >
                <IconLock open={!l.locked} />
              </button>
              <button
                type="button"
                className="tool-btn"
                aria-label={`Reset ${l.label}`}
                title="Restore the default grid and clear pop-outs"
                onClick={() => onReset(l.key)}
              >
                <IconReset />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
