import { type RefObject, useLayoutEffect } from 'react';
import { placeWithin, type Rect } from './placement.ts';

/**
 * Positions a fixed element next to its anchor after every render, so a popup whose content
 * grows (data arriving) is placed again and stays inside the viewport.
 */
export function usePlacement(ref: RefObject<HTMLElement | null>, anchor: Rect): void {
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const { width, height } = element.getBoundingClientRect();
    const viewport = { width: document.documentElement.clientWidth, height: window.innerHeight };
    const { left, top } = placeWithin(anchor, { width, height }, viewport);
    element.style.left = `${left}px`;
    element.style.top = `${top}px`;
    element.style.visibility = 'visible';
  });
}
