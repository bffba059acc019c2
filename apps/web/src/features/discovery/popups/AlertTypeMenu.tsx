import {
  meetsTier,
  ruleLabel,
  TABLE_ALERT_KINDS,
  type TableAlertKind,
  tierForType,
  tierOf,
} from '@tapeline/core';
import { type KeyboardEvent, useCallback, useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useUser } from '../../../app/session.tsx';
import { registered, registerFailure } from '../../../lib/alerts/ruleToasts.ts';
import { useCreateAlert } from '../../../lib/alerts/useAlerts.ts';
import type { Rect } from '../../../ui/placement.ts';
import { rateRange } from '../../../ui/rateScale.ts';
import { useToast } from '../../../ui/toast.tsx';
import { useDismiss } from '../../../ui/useDismiss.ts';
import { usePlacement } from '../../../ui/usePlacement.ts';
import { addAlertDialog } from '../../alerts/index.ts';
import { popupsText as text } from './popupsText.ts';
import '../../../ui/popup.css';
import './popups.css';

export interface AlertTypeMenuProps {
  symbol: string;
  anchor: Rect;
  onClose: () => void;
}

/**
 * Discovery spec §2 alert-type menu: one click adds that alert for the symbol at the type's
 * default rate through POST /api/alerts, with §8's toasts ('X alert added for SYMBOL', 'already
 * registered', 'Failed to register'). §8's five: Trade, Unusual volume, vWAPDist, Price and
 * Hi/low (the Hi/Low rule with a percent step, core TABLE_ALERT_KINDS). Types above the trader's
 * plan are shown locked; "More options…" opens the Add-alert dialog for a rate or price bounds.
 */
export function AlertTypeMenu({ symbol, anchor, onClose }: AlertTypeMenuProps) {
  const ref = useRef<HTMLDivElement>(null);
  const toast = useToast();
  const create = useCreateAlert();
  const pro = meetsTier(tierOf(useUser().subscription), 'pro');
  usePlacement(ref, anchor);
  useDismiss(
    ref,
    useCallback(() => onClose(), [onClose]),
  );
  useEffect(() => {
    ref.current?.querySelector<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])')?.focus();
  }, []);

  const add = ({ type, unit }: TableAlertKind) => {
    onClose();
    // Dollar steps are posted without a unit, as every other client posts them.
    const body = {
      category: symbol,
      type,
      rate: rateRange(type, unit).default,
      ...(unit === 'percent' ? { unit } : {}),
    };
    // mutateAsync: the menu is gone by the time the answer comes, and mutate's callbacks would not run.
    create.mutateAsync(body).then(
      () => toast(registered(body), { tone: 'success' }),
      (error: unknown) => toast(registerFailure(body, error), { tone: 'error' }),
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    const items = [...(ref.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    const step = event.key === 'ArrowDown' ? 1 : -1;
    items[(at + step + items.length) % items.length]?.focus();
  };

  return createPortal(
    <div
      ref={ref}
      className="symbol-menu discovery-alert-menu"
      role="menu"
      aria-label={text.alertMenuOf(symbol)}
      data-testid="discovery-alert-menu"
      onKeyDown={onKeyDown}
    >
      {TABLE_ALERT_KINDS.map((kind) => {
        const locked = tierForType(kind.type) === 'pro' && !pro;
        return (
          <button
            key={`${kind.type}-${kind.unit}`}
            type="button"
            role="menuitem"
            className="symbol-menu__item"
            aria-disabled={locked || undefined}
            onClick={locked ? undefined : () => add(kind)}
          >
            {ruleLabel(kind.type, symbol, kind.unit)}
            {locked ? <span className="tier-label">{text.proOnly}</span> : null}
          </button>
        );
      })}
      <button
        type="button"
        role="menuitem"
        className="symbol-menu__item discovery-alert-menu__more"
        onClick={() => {
          onClose();
          addAlertDialog.open(symbol);
        }}
      >
        {text.moreOptions}
      </button>
    </div>,
    document.body,
  );
}
