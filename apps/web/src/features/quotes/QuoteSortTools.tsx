import type { SortMethod } from './quoteRules.ts';
import { quotesText } from './quotesText.ts';

interface QuoteSortToolsProps {
  method: SortMethod | null;
  open: boolean;
  onToggle(): void;
  onChoose(method: SortMethod): void;
}

const METHODS: { method: SortMethod; text: string; label: string }[] = [
  { method: 'a', text: quotesText.sortAlpha, label: quotesText.sortAlphaLabel },
  { method: '%', text: quotesText.sortPercent, label: quotesText.sortPercentLabel },
];

/** Sort opens A and %; the active one is pressed, choosing it again clears it. */
export function QuoteSortTools({ method, open, onToggle, onChoose }: QuoteSortToolsProps) {
  return (
    <div className="quote-sort">
      <button
        type="button"
        className={method === null ? 'quote-tool' : 'quote-tool is-active'}
        aria-expanded={open}
        onClick={onToggle}
      >
        {quotesText.sortTools}
      </button>
      {open ? (
        <fieldset
          className="quote-sort__tools"
          aria-label={quotesText.sortTools}
          data-testid="quote-sort-tools"
        >
          {METHODS.map(({ method: m, text, label }) => (
            <button
              key={m}
              type="button"
              className="quote-tool"
              aria-label={label}
              aria-pressed={method === m}
              onClick={() => onChoose(m)}
            >
              {text}
            </button>
          ))}
        </fieldset>
      ) : null}
    </div>
  );
}
