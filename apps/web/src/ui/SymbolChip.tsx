/**
 * One symbol of an editable list (`ul.symbol-chips`) with its button: remove by default, or
 * whatever `glyph` and `label` say (Edit Quote turns a removed chip into a restore button).
 */
export function SymbolChip({
  symbol,
  label,
  onClick,
  glyph = '×',
  className,
}: {
  symbol: string;
  label: string;
  onClick(): void;
  glyph?: string;
  className?: string;
}) {
  return (
    <li className={className ? `symbol-chip ${className}` : 'symbol-chip'}>
      {symbol}
      <button type="button" className="chip-remove" aria-label={label} onClick={onClick}>
        <span aria-hidden="true">{glyph}</span>
      </button>
    </li>
  );
}
