import { useEffect, useRef } from 'react';
import { useStockNameMap, useStockNames } from '../../lib/referenceData.ts';
import { usePlacement } from '../../ui/usePlacement.ts';
import { type HoverOverlay, overlays } from './overlayStore.ts';
import { SymbolIcon } from './SymbolIcon.tsx';
import { symbolText } from './symbolText.ts';

/** The hover popup: the symbol's icon and company name (from the stock names list). */
export function HoverPopup({ hover }: { hover: HoverOverlay }) {
  const ref = useRef<HTMLDivElement>(null);
  const names = useStockNames();
  const name = useStockNameMap()?.get(hover.symbol);
  usePlacement(ref, hover.anchor);

  // A stream row can vanish under a resting pointer without a pointerleave: hide on any move away.
  useEffect(() => {
    const onMove = (event: PointerEvent) => {
      const target = event.target instanceof Element ? event.target.closest('[data-symbol]') : null;
      if (target?.getAttribute('data-symbol') !== hover.symbol) overlays.hoverEnd();
    };
    const hide = () => overlays.hoverEnd();
    document.addEventListener('pointermove', onMove);
    window.addEventListener('scroll', hide, true);
    return () => {
      document.removeEventListener('pointermove', onMove);
      window.removeEventListener('scroll', hide, true);
    };
  }, [hover.symbol]);

  return (
    <div ref={ref} className="symbol-hover" role="tooltip" data-testid="symbol-hover">
      <SymbolIcon symbol={hover.symbol} size={36} />
      <div className="symbol-hover__text">
        <span className="symbol-hover__symbol">{hover.symbol}</span>
        <span className="symbol-hover__name">
          {name || (names.isPending ? symbolText.loading : symbolText.unknownName)}
        </span>
      </div>
    </div>
  );
}
