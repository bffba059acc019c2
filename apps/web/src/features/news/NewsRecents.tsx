import { NEWS_TEXT } from './newsText.ts';

/** The scrolling bar of recent symbol searches, newest first; a click shows one, × removes it. */
export function NewsRecents({
  recents,
  selected,
  onSelect,
  onRemove,
}: {
  recents: readonly string[];
  selected: string | null;
  onSelect(symbol: string): void;
  onRemove(symbol: string): void;
}) {
  if (recents.length === 0) return null;
  return (
    <ul className="news-recents" aria-label={NEWS_TEXT.recents}>
      {recents.map((symbol) => (
        <li key={symbol} className="news-recent" data-selected={symbol === selected || undefined}>
          <button
            type="button"
            className="news-recent__symbol"
            aria-pressed={symbol === selected}
            onClick={() => onSelect(symbol)}
          >
            {symbol}
          </button>
          <button
            type="button"
            className="news-recent__remove"
            aria-label={NEWS_TEXT.removeRecent(symbol)}
            onClick={() => onRemove(symbol)}
          >
            <span aria-hidden="true">×</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
