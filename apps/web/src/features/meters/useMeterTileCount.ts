import { type RefObject, useEffect, useState } from 'react';
import { meterTileCount } from './meterMode.ts';

/** Tiles per gauge for the element's current width and the viewport's. */
export function useMeterTileCount(ref: RefObject<HTMLElement | null>): number {
  const [widths, setWidths] = useState(() => ({ widget: 0, viewport: window.innerWidth }));

  useEffect(() => {
    const element = ref.current;
    const measure = () =>
      setWidths({ widget: element?.getBoundingClientRect().width ?? 0, viewport: window.innerWidth });
    measure();
    const observer = new ResizeObserver(measure);
    if (element) observer.observe(element);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [ref]);

  return meterTileCount(widths.widget, widths.viewport);
}
