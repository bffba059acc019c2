import { formatPrice, type Quote } from '@tapeline/core';
import { PinControl } from './PinControl.tsx';
import { priorClose } from './quoteRules.ts';
import { formatPercent } from './quotesText.ts';
import { QuoteGrip, useSortableQuote } from './SortableQuotes.tsx';
import { Sparkline } from './Sparkline.tsx';

export const toneOf = (percent: number | null) =>
  percent === null || percent === 0 ? '' : percent > 0 ? 'is-up' : 'is-down';

interface QuoteCardProps {
  quote: Quote;
  sorted: boolean;
  onPin(symbol: string, price: number | null): Promise<boolean>;
}

/** One card of the slider: symbol, price, coloured change, sparkline, the pin and its distance. */
export function QuoteCard({ quote, sorted, onPin }: QuoteCardProps) {
  const { ref, style, grip, isDragging } = useSortableQuote(quote.symbol, sorted);
  const tone = toneOf(quote.percent);
  return (
    <li
      ref={ref}
      style={style}
      className={isDragging ? 'quote-card is-dragging' : 'quote-card'}
      data-testid="quote-card"
      data-symbol={quote.symbol}
    >
      {/* One line (grip, symbol, price, change, pin) over the sparkline: a Quote cell is short. */}
      <div className="quote-card__head">
        {sorted ? null : <QuoteGrip symbol={quote.symbol} grip={grip} />}
        <span className="quote-card__symbol">{quote.symbol}</span>
        <span className="quote-card__price" data-testid="quote-price">
          {formatPrice(quote.price)}
        </span>
        <span className={`quote-card__percent ${tone}`} data-testid="quote-percent">
          {formatPercent(quote.percent)}
        </span>
        <PinControl quote={quote} onPin={onPin} />
      </div>
      <Sparkline
        sl={quote.sl}
        pc={priorClose(quote)}
        up={quote.percent === null ? null : quote.percent >= 0}
      />
    </li>
  );
}
