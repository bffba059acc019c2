import type { MouseEvent } from 'react';
import { pointRect } from '../../ui/placement.ts';
import { overlays, rectOf } from './overlayStore.ts';
import { useOpenSymbolMenu } from './useOpenSymbolMenu.ts';
import './symbols.css';

/**
 * A symbol as every widget shows it (spec §2): click or right-click opens its context menu,
 * resting the mouse on it shows its icon and company name. Its text is the bare symbol.
 */
export function SymbolLink({ symbol, className }: { symbol: string; className?: string }) {
  const open = useOpenSymbolMenu();

  const onContextMenu = (event: MouseEvent<HTMLButtonElement>) => {
    event.preventDefault();
    // The context-menu key fires this without a pointer position: anchor at the symbol instead.
    const fromPointer = event.clientX !== 0 || event.clientY !== 0;
    const anchor = fromPointer ? pointRect(event.clientX, event.clientY) : rectOf(event.currentTarget);
    open(symbol, anchor, event.currentTarget);
  };

  return (
    <button
      type="button"
      className={className ? `symbol-link ${className}` : 'symbol-link'}
      aria-haspopup="menu"
      data-symbol={symbol}
      onClick={(event) => open(symbol, rectOf(event.currentTarget), event.currentTarget)}
      onContextMenu={onContextMenu}
      onPointerEnter={(event) => {
        // Touch has no hover: a tap opens the menu instead.
        if (event.pointerType === 'mouse') overlays.hoverStart(symbol, event.currentTarget);
      }}
      onPointerLeave={() => overlays.hoverEnd()}
    >
      {symbol}
    </button>
  );
}
