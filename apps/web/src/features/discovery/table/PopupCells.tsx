import type { DiscoveryDisplayRow } from '@tapeline/core';
import { type MouseEvent, type ReactNode, useCallback, useState } from 'react';
import { rectOf } from '../../symbols/overlayStore.ts';
import type { Rect } from '../../symbols/placement.ts';
import { AlertTypeMenu } from '../popups/AlertTypeMenu.tsx';
import { MoneyFlowButton, VolumeHistoryButton } from '../popups/FlowHistoryButton.tsx';
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

export function ActionsCell({ row }: { row: DiscoveryDisplayRow }) {
  const [anchor, open, close] = usePopupAnchor();
  return (
    <>
      <button
        type="button"
        className="btn btn-ghost dv-action"
        aria-haspopup="menu"
        aria-label={`Add alert for ${row.symbol}`}
        onClick={open}
        onContextMenu={open}
      >
        🔔
      </button>
      {anchor && <AlertTypeMenu symbol={row.symbol} anchor={anchor} onClose={close} />}
    </>
  );
}

export function TrendCell({ row, children }: { row: DiscoveryDisplayRow; children: ReactNode }) {
  const [anchor, open, close] = usePopupAnchor();
  return (
    <>
      <button
        type="button"
        className="discovery-popup-trigger"
        aria-haspopup="dialog"
        aria-label={`Trend of ${row.symbol}`}
        onClick={open}
        onContextMenu={open}
      >
        {children}
      </button>
      {anchor && <TrendPopup symbol={row.symbol} trend={row.trend} anchor={anchor} onClose={close} />}
    </>
  );
}

export { MoneyFlowButton, VolumeHistoryButton };
