import { discoveryMessages, formatPrice } from '@tapeline/core';
import { useCallback, useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import type { Rect } from '../../../ui/placement.ts';
import { useDismiss } from '../../../ui/useDismiss.ts';
import { usePlacement } from '../../../ui/usePlacement.ts';
import { popupsText as text } from './popupsText.ts';
import '../../../ui/popup.css';
import './popups.css';

export interface TrendPopupProps {
  symbol: string;
  /** The row's trend as shown: [1 up / −1 down, the line's price], or null when there is none. */
  trend: readonly [number, number] | null;
  anchor: Rect;
  onClose: () => void;
}

/** The trend signal as words: BUY (up) or SELL (down) at the line's price (§2). */
export function trendSignal(trend: readonly [number, number] | null): string | null {
  if (!trend) return null;
  const [flag, price] = trend;
  if (flag === 0 || !Number.isFinite(flag) || !Number.isFinite(price)) return null;
  return `${flag > 0 ? text.buy : text.sell} ${text.at} ${formatPrice(price)}`;
}

/** Discovery spec §2 trend popup: BUY or SELL at a price; 'Data unavailable.' when there is no trend. */
export function TrendPopup({ symbol, trend, anchor, onClose }: TrendPopupProps) {
  const ref = useRef<HTMLDivElement>(null);
  usePlacement(ref, anchor);
  useDismiss(
    ref,
    useCallback(() => onClose(), [onClose]),
  );
  useEffect(() => ref.current?.focus({ preventScroll: true }), []);
  const signal = trendSignal(trend);
  const title = text.trendOf(symbol);
  return createPortal(
    <div
      ref={ref}
      className="symbol-panel discovery-trend"
      role="dialog"
      aria-label={title}
      tabIndex={-1}
      data-testid="discovery-trend"
    >
      <div className="symbol-panel__head">
        <h2 className="symbol-panel__title">{title}</h2>
        <button type="button" className="symbol-panel__close" onClick={onClose}>
          {text.close}
        </button>
      </div>
      {signal ? (
        <p
          className={
            (trend?.[0] ?? 0) > 0 ? 'discovery-trend__signal is-buy' : 'discovery-trend__signal is-sell'
          }
        >
          {signal}
        </p>
      ) : (
        <p className="symbol-panel__note">{discoveryMessages.dataUnavailable}</p>
      )}
    </div>,
    document.body,
  );
}
