import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import type { Rect } from '../../ui/placement.ts';
import type { FlowKind } from './flowData.ts';

/** What is open: the symbol's context menu, or one of the popups its items open. */
export interface MenuOverlay {
  /** A new number per opening, so reopening the same symbol starts afresh (focus, data). */
  id: number;
  kind: 'menu' | FlowKind;
  symbol: string;
  anchor: Rect;
  /** Where focus goes back when the trader closes it from the keyboard. */
  returnFocus: HTMLElement | null;
}

export interface HoverOverlay {
  symbol: string;
  anchor: Rect;
}

export interface OverlayState {
  menu: MenuOverlay | null;
  hover: HoverOverlay | null;
}

/** Spec §2: the hover popup shows after the pointer rests on a symbol this long. */
export const HOVER_DELAY_MS = 300;

// One store for the whole page: opening a menu anywhere closes the one open elsewhere.
const store = createStore<OverlayState>(() => ({ menu: null, hover: null }));
let hoverTimer: ReturnType<typeof setTimeout> | null = null;
let nextId = 1;

export function useOverlays(): OverlayState {
  return useStore(store);
}

export function rectOf(element: Element): Rect {
  const { left, top, right, bottom } = element.getBoundingClientRect();
  return { left, top, right, bottom };
}

function cancelHoverTimer(): void {
  if (hoverTimer !== null) clearTimeout(hoverTimer);
  hoverTimer = null;
}

export const overlays = {
  openMenu(symbol: string, anchor: Rect, returnFocus: HTMLElement | null): void {
    cancelHoverTimer();
    store.setState({ menu: { id: nextId++, kind: 'menu', symbol, anchor, returnFocus }, hover: null });
  },
  /** Replaces the open menu with one of its popups, at the same place. */
  openPanel(kind: FlowKind): void {
    const { menu } = store.getState();
    if (menu) store.setState({ menu: { ...menu, kind } });
  },
  close(options: { restoreFocus?: boolean } = {}): void {
    const { menu } = store.getState();
    if (menu) store.setState({ menu: null });
    const target = menu?.returnFocus;
    if (options.restoreFocus && target?.isConnected) target.focus({ preventScroll: true });
  },
  /** The pointer came to rest on a symbol: show its popup after the delay, unless a menu is open. */
  hoverStart(symbol: string, element: Element): void {
    cancelHoverTimer();
    hoverTimer = setTimeout(() => {
      hoverTimer = null;
      if (store.getState().menu || !element.isConnected) return;
      store.setState({ hover: { symbol, anchor: rectOf(element) } });
    }, HOVER_DELAY_MS);
  },
  hoverEnd(): void {
    cancelHoverTimer();
    if (store.getState().hover) store.setState({ hover: null });
  },
};
