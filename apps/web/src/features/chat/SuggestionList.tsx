import type { Suggestion } from './useChatSuggestions.ts';

/** The dropdown of users or symbols under the search box or above the composer. */
export function SuggestionList({
  id,
  label,
  items,
  active,
  sigil,
  onPick,
}: {
  id: string;
  label: string;
  items: readonly Suggestion[];
  active: number;
  sigil: '@' | '$' | '';
  onPick(item: Suggestion): void;
}) {
  if (items.length === 0) return null;
  return (
    <div className="chat-suggestions" id={id} role="listbox" aria-label={label}>
      {items.map((item, i) => (
        // biome-ignore lint/a11y/useKeyWithClickEvents: the input (search box or composer) owns the keyboard.
        <div
          key={item.key}
          tabIndex={-1}
          id={`${id}-${i}`}
          role="option"
          aria-selected={i === active}
          // Keeps the focus in the input while the pointer picks.
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => onPick(item)}
        >
          <span className="chat-suggestions__value">
            {sigil}
            {item.value}
          </span>
          {item.detail && <span className="chat-suggestions__detail">{item.detail}</span>}
        </div>
      ))}
    </div>
  );
}
