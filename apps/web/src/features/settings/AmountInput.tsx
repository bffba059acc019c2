import { useState } from 'react';
import { parseAmount } from './rangeScale.ts';

interface AmountInputProps {
  /** The visible label (Min, Max). */
  label: string;
  /** The spoken name (Minimum price). */
  name: string;
  /** The value as the input shows it; '' shows the placeholder. */
  text: string;
  placeholder?: string;
  /** What an emptied input means: the bottom for a min, unbounded for a max. */
  emptyValue: number;
  /** `final` is false while typing (only a value that fits is worth taking then), true on leave. */
  onValue: (value: number, final: boolean) => void;
  disabled?: boolean;
}

/** A typed amount (5, 0.5, 12.5k, 3m, 1.2b). What was typed stays until the field is left. */
export function AmountInput({
  label,
  name,
  text,
  placeholder,
  emptyValue,
  onValue,
  disabled = false,
}: AmountInputProps) {
  const [typed, setTyped] = useState<string | null>(null);
  const read = (value: string) => (value.trim() === '' ? emptyValue : parseAmount(value));

  const leave = () => {
    if (typed === null) return;
    const value = read(typed);
    if (value !== null) onValue(value, true);
    setTyped(null);
  };

  return (
    <label className="amount-input">
      <span className="amount-label">{label}</span>
      <input
        type="text"
        inputMode="decimal"
        autoComplete="off"
        spellCheck={false}
        aria-label={name}
        aria-invalid={typed !== null && read(typed) === null}
        value={typed ?? text}
        placeholder={placeholder}
        disabled={disabled}
        onChange={(event) => {
          setTyped(event.target.value);
          const value = read(event.target.value);
          if (value !== null) onValue(value, false);
        }}
        onBlur={leave}
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.currentTarget.blur();
        }}
      />
    </label>
  );
}
