import { useCallback } from 'react';
import { useCountPopular } from '../../lib/popularApi.ts';
import type { Rect } from '../../ui/placement.ts';
import { overlays } from './overlayStore.ts';

/** Opens a symbol's context menu; opening it is a symbol click, which counts toward popularity. */
export function useOpenSymbolMenu(): (symbol: string, anchor: Rect, returnFocus: HTMLElement | null) => void {
  const count = useCountPopular();
  return useCallback(
    (symbol, anchor, returnFocus) => {
      overlays.openMenu(symbol, anchor, returnFocus);
      void count(symbol);
    },
    [count],
  );
}
