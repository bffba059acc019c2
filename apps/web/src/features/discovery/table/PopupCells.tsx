import type { DiscoveryDisplayRow } from '@tapeline/core';
import { type MouseEvent, type ReactNode, useCallback, useState } from 'react';
import { IconBell } from '../../../ui/icons.tsx';
import type { Rect } from '../../../ui/placement.ts';
import { rectOf } from '../../symbols/index.ts';
import { AlertTypeMenu } from '../popups/AlertTypeMenu.tsx';
import { MoneyFlowButton, VolumeHistoryButton } from '../popups/FlowHistoryButton.tsx';
import { popupsText } from '../popups/popupsText.ts';
import { TrendPopup } from '../popups/TrendPopup.tsx';

// The cells that open Discovery's popups (spec §2: volume and money-flow history, trend, alert
// type), by click or right-click. The popups themselves are features/discovery/popups.

/** Opens a popup anchored at the pressed element; click and right-click both open it. */
function usePopupAnchor(): [Rect | null, (event: MouseEvent<HTMLElement>) => void, () => void] {
  const [anchor, setAnchor] = useState<Rect | null>(null);
  const open = useCallback((event: MouseEvent<HTMLElement>) => {
    event.preventDefault();
    setAnchor(rectOf(event.currentTarget));
  }, []);
  const close = useCallback(() => setAnchor(null), []);
  return [anchor, open, close];
}

interface PopupTriggerProps {
  label: string;
  className: string;
  /** `menu` for the alert menu, `dialog` for a popup. */
  popup: 'menu' | 'dialog';
  children: ReactNode;
  render: (anchor: Rect, close: () => void) => ReactNode;
}

/** A cell's button that opens its popup at itself, by click or right-click (§2). */
function PopupTrigger({ label, className, popup, children, render }: PopupTriggerProps) {
  const [anchor, open, close] = usePopupAnchor();
  return (
    <>
      <button
        type="button"
        className={className}
        aria-haspopup={popup}
        aria-label={label}
        onClick={open}
        onContextMenu={open}
      >
        {children}
      </button>
      {anchor && render(anchor, close)}
    </>
  );
}

export function ActionsCell({ row }: { row: DiscoveryDisplayRow }) {
  return (
    <PopupTrigger
      label={popupsText.addAlertFor(row.symbol)}
      className="btn btn-ghost dv-action"
      popup="menu"
      render={(anchor, close) => <AlertTypeMenu symbol={row.symbol} anchor={anchor} onClose={close} />}
    >
      <IconBell />
    </PopupTrigger>
  );
}

export function TrendCell({ row, children }: { row: DiscoveryDisplayRow; children: ReactNode }) {
  return (
    <PopupTrigger
      label={popupsText.trendButton(row.symbol)}
      className="discovery-popup-trigger"
      popup="dialog"
      render={(anchor, close) => (
        <TrendPopup symbol={row.symbol} trend={row.trend} anchor={anchor} onClose={close} />
      )}
    >
      {children}
    </PopupTrigger>
  );
}

export { MoneyFlowButton, VolumeHistoryButton };
