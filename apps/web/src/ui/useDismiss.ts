import { type RefObject, useEffect } from 'react';

/**
 * Closes a floating menu or popup on Escape, a press outside it, a scroll (its anchor moved)
 * or a resize. Presses and scrolls inside it keep it open. A dropdown laid out inside its anchor
 * (`anchored`: it scrolls with it) stays open on a scroll: a phone scrolls to reach its items.
 */
export function useDismiss(
  ref: RefObject<HTMLElement | null>,
  onClose: (byKeyboard: boolean) => void,
  { anchored = false }: { anchored?: boolean } = {},
): void {
  useEffect(() => {
    const inside = (target: EventTarget | null) => target instanceof Node && !!ref.current?.contains(target);
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onClose(true);
      }
    };
    const onPress = (event: PointerEvent) => {
      if (!inside(event.target)) onClose(false);
    };
    const onScroll = (event: Event) => {
      if (!inside(event.target)) onClose(false);
    };
    const onResize = () => onClose(false);
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPress, true);
    // Scroll events are dispatched a frame late: the one that brought the symbol into view just
    // before the press would otherwise close the menu the press opened. Listen from the next frame.
    const raf = anchored ? 0 : requestAnimationFrame(() => window.addEventListener('scroll', onScroll, true));
    window.addEventListener('resize', onResize);
    return () => {
      cancelAnimationFrame(raf);
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPress, true);
      window.removeEventListener('scroll', onScroll, true);
      window.removeEventListener('resize', onResize);
    };
  }, [ref, onClose, anchored]);
}
