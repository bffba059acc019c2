import { formatPrice, type Quote } from '@tapeline/core';
import { toneOf } from './QuoteCard.tsx';
import { formatPercent, quotesText } from './quotesText.ts';
import { QuoteGrip, SortableQuotes, useSortableQuote } from './SortableQuotes.tsx';

interface QuoteListProps {
  quotes: readonly Quote[];
  sorted: boolean;
  onDrop(symbol: string, over: string): void;
  onRemove(symbol: string): void;
}

function QuoteRow({
  quote,
  sorted,
  onRemove,
}: {
  quote: Quote;
  sorted: boolean;
  onRemove(symbol: string): void;
}) {
  const { ref, style, grip, isDragging } = useSortableQuote(quote.symbol, sorted);
  return (
    <li
      ref={ref}
      style={style}
      className={isDragging ? 'quote-row is-dragging' : 'quote-row'}
      data-testid="quote-row"
      data-symbol={quote.symbol}
    >
      {sorted ? <span className="quote-grip" /> : <QuoteGrip symbol={quote.symbol} grip={grip} />}
      <span className="quote-row__symbol">{quote.symbol}</span>
      <span className="quote-row__price">{formatPrice(quote.price)}</span>
      <span className={`quote-row__percent ${toneOf(quote.percent)}`}>{formatPercent(quote.percent)}</span>
      <span className="quote-row__range muted">
        {quotesText.high} {formatPrice(quote.high)} · {quotesText.low} {formatPrice(quote.low)}
      </span>
      <button
        type="button"
        className="quote-icon"
        aria-label={quotesText.remove(quote.symbol)}
        onClick={() => onRemove(quote.symbol)}
      >
        <span aria-hidden="true">×</span>
      </button>
    </li>
  );
}

/** The dropdown list: one row per quote with its day range, sortable by drag, each removable. */
export function QuoteList({ quotes, sorted, onDrop, onRemove }: QuoteListProps) {
  return (
    <SortableQuotes symbols={quotes.map((q) => q.symbol)} axis="y" onDrop={onDrop}>
      <ul className="quote-list" aria-label={quotesText.list}>
        {quotes.map((quote) => (
          <QuoteRow key={quote.symbol} quote={quote} sorted={sorted} onRemove={onRemove} />
        ))}
      </ul>
    </SortableQuotes>
  );
}
