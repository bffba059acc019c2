import type { Quote } from '@tapeline/core';
import { useRef } from 'react';
import { QuoteCard } from './QuoteCard.tsx';
import { quotesText } from './quotesText.ts';
import { SortableQuotes } from './SortableQuotes.tsx';

interface QuoteSliderProps {
  quotes: readonly Quote[];
  sorted: boolean;
  onDrop(symbol: string, over: string): void;
  onPin(symbol: string, price: number | null): Promise<boolean>;
}

/** The cards in a horizontal row that snaps card by card, with arrows that page through it. */
export function QuoteSlider({ quotes, sorted, onDrop, onPin }: QuoteSliderProps) {
  const track = useRef<HTMLUListElement>(null);
  const page = (direction: 1 | -1) => {
    const el = track.current;
    if (el) el.scrollBy({ left: direction * Math.max(el.clientWidth * 0.8, 120), behavior: 'smooth' });
  };
  return (
    <div className="quote-slider">
      <button type="button" className="quote-arrow" aria-label={quotesText.previous} onClick={() => page(-1)}>
        <span aria-hidden="true">‹</span>
      </button>
      <SortableQuotes symbols={quotes.map((q) => q.symbol)} axis="x" onDrop={onDrop}>
        <ul className="quote-slider__track" ref={track} aria-label={quotesText.slider}>
          {quotes.map((quote) => (
            <QuoteCard key={quote.symbol} quote={quote} sorted={sorted} onPin={onPin} />
          ))}
        </ul>
      </SortableQuotes>
      <button type="button" className="quote-arrow" aria-label={quotesText.next} onClick={() => page(1)}>
        <span aria-hidden="true">›</span>
      </button>
    </div>
  );
}
