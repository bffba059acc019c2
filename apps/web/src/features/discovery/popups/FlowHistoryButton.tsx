import type { MouseEvent, ReactNode } from 'react';
import type { FlowKind } from '../../symbols/index.ts';
import { overlays, rectOf } from '../../symbols/index.ts';
import { popupsText } from './popupsText.ts';

/**
 * Opens the page's one per-timeframe history popup (features/symbols FlowPopup: 'Data
 * unavailable.' when the data host has nothing or fails) for a symbol, at an element. The
 * popup is drawn by SymbolOverlays, mounted once per page.
 */
export function openFlowHistory(kind: FlowKind, symbol: string, element: HTMLElement): void {
  overlays.openMenu(symbol, rectOf(element), element);
  overlays.openPanel(kind);
}

interface FlowHistoryButtonProps {
  symbol: string;
  /** The cell's value as shown. */
  children: ReactNode;
  className?: string;
}

function flowButton(kind: FlowKind, label: (symbol: string) => string) {
  return function FlowHistoryButton({ symbol, children, className }: FlowHistoryButtonProps) {
    // §2: popups open on click or right-click.
    const open = (event: MouseEvent<HTMLButtonElement>) => {
      event.preventDefault();
      openFlowHistory(kind, symbol, event.currentTarget);
    };
    return (
      <button
        type="button"
        className={className ?? 'discovery-popup-trigger'}
        aria-label={label(symbol)}
        aria-haspopup="dialog"
        onClick={open}
        onContextMenu={open}
      >
        {children}
      </button>
    );
  };
}

/** A Volume cell that opens the symbol's volume history per timeframe. */
export const VolumeHistoryButton = flowButton('volume', popupsText.volumeOf);
/** A Money Flow cell that opens the symbol's money-flow history per timeframe. */
export const MoneyFlowButton = flowButton('moneyFlow', popupsText.moneyFlowOf);
