import type { Layout, LayoutKey } from '@tapeline/core';
import { useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { IconLock, IconReset, IconUnlock } from '../../ui/icons.tsx';
import { dashboardText } from './dashboardText.ts';

interface LayoutMenuProps {
  layouts: readonly Layout[];
  onActivate(key: LayoutKey): void;
  onLock(key: LayoutKey, locked: boolean): void;
  onReset(key: LayoutKey): void;
}

/** Switch layouts; lock, unlock or reset each. Hidden at 768 px and below (by CSS). */
export function LayoutMenu({ layouts, onActivate, onLock, onReset }: LayoutMenuProps) {
  const [open, setOpen] = useState(false);
  // Reset throws away the trader's arrangement: it is asked first.
  const [resetting, setResetting] = useState<Layout | null>(null);
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
        <span className="muted">{dashboardText.layout}</span> {active?.label} {active?.locked && <IconLock />}{' '}
        ▾
      </button>
      {open && (
        <ul className="layout-menu-list" aria-label={dashboardText.layouts}>
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
                className={l.locked ? 'tool-btn lock-btn' : 'tool-btn lock-btn is-unlocked'}
                // The name starts with what it shows (Locked/Unlocked), then what a click does.
                aria-label={
                  l.locked ? dashboardText.unlockLayout(l.label) : dashboardText.lockLayout(l.label)
                }
                title={l.locked ? dashboardText.unlockTitle : dashboardText.lockTitle}
                onClick={() => onLock(l.key, !l.locked)}
              >
                {l.locked ? <IconLock /> : <IconUnlock />}
                <span className="lock-state">{l.locked ? dashboardText.locked : dashboardText.unlocked}</span>
              </button>
              <button
                type="button"
                className="tool-btn"
                aria-label={dashboardText.resetLayout(l.label)}
                title={dashboardText.resetTitle}
                onClick={() => setResetting(l)}
              >
                <IconReset />
              </button>
            </li>
          ))}
        </ul>
      )}
      {/* Mounted only while asking: one confirm dialog in the page at a time (e2e finds it by test id). */}
      {resetting && (
        <ConfirmDialog
          open
          message={dashboardText.resetQuestion(resetting.label)}
          confirmLabel={dashboardText.resetConfirm}
          onCancel={() => setResetting(null)}
          onConfirm={() => {
            onReset(resetting.key);
            setResetting(null);
          }}
        />
      )}
    </div>
  );
}
