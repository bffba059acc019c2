import type { Quote } from '@tapeline/core';
import { formatPrice } from '@tapeline/core';
import { useEffect, useState } from 'react';
import { ICON_SIZE, Pin, RotateCcw } from '../../ui/icons.ts';
import { parsePin } from './quoteRules.ts';
import { quotesText } from './quotesText.ts';

/** Spec §2: the reset's rotate animation lasts a second. */
export const PIN_RESET_SPIN_MS = 1000;

interface PinControlProps {
  quote: Pick<Quote, 'symbol' | 'pin' | 'pin_percent'>;
  onPin(symbol: string, price: number | null): Promise<boolean>;
}

/**
 * The card's pin: 📌 opens a price field (Enter saves, Escape closes), the distance to the pin
 * shows beside it, and ↺ resets it with a one-second turn (none under prefers-reduced-motion:
 * quotes.css).
 */
export function PinControl({ quote, onPin }: PinControlProps) {
  const { symbol, pin, pin_percent } = quote;
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [spinning, setSpinning] = useState(false);

  useEffect(() => {
    if (!spinning) return;
    const timer = setTimeout(() => setSpinning(false), PIN_RESET_SPIN_MS);
    return () => clearTimeout(timer);
  }, [spinning]);

  const submit = async () => {
    const price = parsePin(text);
    if (price === 'invalid') {
      setInvalid(true);
      return;
    }
    if (await onPin(symbol, price)) setEditing(false);
  };

  return (
    <div className="quote-pin">
      <button
        type="button"
        className={pin === null ? 'quote-icon' : 'quote-icon is-set'}
        aria-label={quotesText.pin(symbol)}
        aria-expanded={editing}
        title={pin === null ? quotesText.pin(symbol) : formatPrice(pin)}
        onClick={() => {
          setText(pin === null ? '' : String(pin));
          setInvalid(false);
          setEditing((e) => !e);
        }}
      >
        <Pin size={ICON_SIZE} aria-hidden="true" />
      </button>
      {pin !== null && !editing ? (
        <span className="quote-pin__value" data-testid="pin-distance">
          {formatPrice(pin)}
          {pin_percent === null ? null : (
            <span className="muted"> {quotesText.pinDistance(pin_percent)}</span>
          )}
        </span>
      ) : null}
      {editing ? (
        <input
          className={invalid ? 'quote-pin__field is-invalid' : 'quote-pin__field'}
          aria-label={quotesText.pinField(symbol)}
          aria-invalid={invalid}
          title={invalid ? quotesText.pinInvalid : undefined}
          inputMode="decimal"
          placeholder={quotesText.pinPlaceholder}
          // biome-ignore lint/a11y/noAutofocus: the field opens because the trader asked for it
          autoFocus
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setInvalid(false);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              void submit();
            } else if (event.key === 'Escape') {
              setEditing(false);
            }
          }}
        />
      ) : null}
      {/* Kept on screen while it turns, though the reset has already cleared the pin. */}
      {pin !== null || spinning ? (
        <button
          type="button"
          className={spinning ? 'quote-icon quote-reset is-spinning' : 'quote-icon quote-reset'}
          aria-label={quotesText.pinReset(symbol)}
          onClick={() => {
            setSpinning(true);
            void onPin(symbol, null);
          }}
        >
          <RotateCcw size={ICON_SIZE} aria-hidden="true" />
        </button>
      ) : null}
    </div>
  );
}
