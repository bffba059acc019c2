import { type KeyboardEvent, useEffect, useId, useMemo, useState } from 'react';
import { type ChatFilter, filterOfDraft, filterText, searchDebounceMs, searchDraft } from './chatRules.ts';
import { CHAT_MESSAGES, chatText } from './chatText.ts';
import { SuggestionList } from './SuggestionList.tsx';
import { type Suggestion, useChatSuggestions } from './useChatSuggestions.ts';

const DEBOUNCE_MS = searchDebounceMs(typeof navigator === 'undefined' ? '' : navigator.userAgent);

/** The typed text as the suggestions see it: at once, or 800 ms after the last key on Android. */
function useDebounced(text: string): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    if (DEBOUNCE_MS === 0) {
      setSettled(text);
      return;
    }
    const wait = setTimeout(() => setSettled(text), DEBOUNCE_MS);
    return () => clearTimeout(wait);
  }, [text]);
  return DEBOUNCE_MS === 0 ? text : settled;
}

/**
 * The search box ('@ or Symbol', spec §2): '@' and 3 characters suggests users, anything else
 * symbols; Enter or a pick filters the list, Escape or × clears the filter.
 */
export function ChatSearch({
  filter,
  onFilter,
}: {
  filter: ChatFilter | null;
  onFilter(f: ChatFilter | null): void;
}) {
  const listId = useId();
  const [text, setText] = useState(filter ? filterText(filter) : '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const settled = useDebounced(text);
  const draft = useMemo(() => searchDraft(settled), [settled]);
  const query = useMemo(
    () =>
      draft.kind === 'user' || draft.kind === 'symbol' ? { kind: draft.kind, query: draft.query } : null,
    [draft],
  );
  const items = useChatSuggestions(query);
  const shown = open && items.length > 0 && (!filter || text !== filterText(filter));

  const apply = (next: ChatFilter | null) => {
    onFilter(next);
    setText(next ? filterText(next) : '');
    setOpen(false);
  };
  const pick = (item: Suggestion) =>
    apply(
      draft.kind === 'user' ? { kind: 'user', name: item.value } : { kind: 'symbol', symbol: item.value },
    );

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && shown) {
      event.preventDefault();
      setActive((i) => Math.min(items.length - 1, i + 1));
    } else if (event.key === 'ArrowUp' && shown) {
      event.preventDefault();
      setActive((i) => Math.max(0, i - 1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const chosen = shown ? items[active] : undefined;
      if (chosen) pick(chosen);
      // Enter reads the text as typed, not as the (possibly still debouncing) suggestions saw it.
      else apply(filterOfDraft(searchDraft(text), undefined) ?? filter);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      apply(null);
    }
  };

  return (
    <div className="chat-search">
      <input
        type="search"
        aria-label={chatText.search}
        placeholder={CHAT_MESSAGES.searchHint}
        value={text}
        autoComplete="off"
        spellCheck={false}
        role="combobox"
        aria-expanded={shown}
        aria-controls={listId}
        aria-activedescendant={shown ? `${listId}-${active}` : undefined}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          setActive(0);
          if (e.target.value.trim() === '' && filter) onFilter(null);
        }}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      {filter && (
        <button
          type="button"
          className="chat-search__clear"
          aria-label={chatText.clearSearch}
          onClick={() => apply(null)}
        >
          ×
        </button>
      )}
      {open && searchDraft(text).kind === 'user-short' && (
        <p className="chat-search__hint">{chatText.userHint}</p>
      )}
      {shown && (
        <SuggestionList
          id={listId}
          label={chatText.suggestionsFor(draft.kind === 'user' ? 'user' : 'symbol')}
          items={items}
          active={active}
          sigil={draft.kind === 'user' ? '@' : ''}
          onPick={pick}
        />
      )}
    </div>
  );
}
