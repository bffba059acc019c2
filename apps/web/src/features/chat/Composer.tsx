import { type ChatMessage, refusalMessage } from '@tapeline/core';
import { type KeyboardEvent, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { type ComposerState, countdownClock, enterSends } from './chatRules.ts';
import { CHAT_MESSAGES, chatText } from './chatText.ts';
import { completeToken, insertAtSelection, type MentionToken, tokenAtCaret } from './composerTokens.ts';
import { SuggestionList } from './SuggestionList.tsx';
import { type Suggestion, useChatSuggestions } from './useChatSuggestions.ts';

const SHOWN_SUGGESTIONS = 8;

function stateNote(state: ComposerState): string | null {
  switch (state.kind) {
    case 'read-only':
      return refusalMessage('chat_disabled');
    case 'banned': {
      const countdown = CHAT_MESSAGES.banCountdown(countdownClock(state.seconds));
      return state.reason ? `${countdown} ${chatText.banReasonShown(state.reason)}` : countdown;
    }
    case 'searching':
      return chatText.searchingHint;
    case 'slow':
      return CHAT_MESSAGES.slowModeCountdown(state.seconds);
    default:
      return null;
  }
}

/**
 * The composer (spec §2, §5): Enter sends, Ctrl/Shift/Alt+Enter is a newline, Escape cancels
 * the reply; @user and $symbol suggestions at the caret (arrows, Enter or Tab to take one).
 */
export function Composer({
  text,
  onText,
  state,
  reply,
  sending,
  onCancelReply,
  onSend,
  onTyping,
}: {
  text: string;
  onText(text: string): void;
  state: ComposerState;
  reply: ChatMessage | null;
  sending: boolean;
  onCancelReply(): void;
  onSend(text: string): void;
  onTyping(): void;
}) {
  const area = useRef<HTMLTextAreaElement>(null);
  const listId = useId();
  const [caret, setCaret] = useState<{ start: number; end: number }>({ start: 0, end: 0 });
  const [active, setActive] = useState(0);
  const caretAfter = useRef<number | null>(null);
  const token: MentionToken | null = useMemo(() => tokenAtCaret(text, caret.start, caret.end), [text, caret]);
  const query = useMemo(() => (token ? { kind: token.kind, query: token.query } : null), [token]);
  const items = useChatSuggestions(query, SHOWN_SUGGESTIONS);
  const suggesting = token !== null && items.length > 0;

  // Reply puts the caret in the composer: the trader types the answer, Escape cancels it.
  const replyId = reply?.id ?? null;
  useEffect(() => {
    if (replyId !== null) area.current?.focus();
  }, [replyId]);

  // A completion or inserted newline puts the caret after what it wrote, once React has the text.
  useLayoutEffect(() => {
    const at = caretAfter.current;
    if (at === null || !area.current) return;
    caretAfter.current = null;
    area.current.setSelectionRange(at, at);
    setCaret({ start: at, end: at });
  });

  if (state.kind === 'read-only') {
    return <p className="chat-composer chat-composer--readonly muted">{stateNote(state)}</p>;
  }
  const disabled = state.kind === 'banned' || state.kind === 'searching';
  const note = stateNote(state);

  const write = (next: { text: string; caret: number }) => {
    caretAfter.current = next.caret;
    onText(next.text);
  };
  const pick = (item: Suggestion) => {
    if (token) write(completeToken(text, token, item.value));
    setActive(0);
  };
  const send = () => {
    if (state.kind !== 'open' || sending || text.trim() === '') return;
    onSend(text.trim());
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (suggesting && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
      event.preventDefault();
      setActive((i) => Math.max(0, Math.min(items.length - 1, i + (event.key === 'ArrowDown' ? 1 : -1))));
      return;
    }
    if (suggesting && (event.key === 'Tab' || enterSends(event.nativeEvent))) {
      event.preventDefault();
      const item = items[Math.min(active, items.length - 1)];
      if (item) pick(item);
      return;
    }
    if (event.key === 'Escape') {
      if (reply) {
        event.preventDefault();
        onCancelReply();
      }
      return;
    }
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (enterSends(event.nativeEvent)) {
      send();
      return;
    }
    // Shift+Enter would add the newline itself; Ctrl and Alt+Enter do not in every browser.
    const el = event.currentTarget;
    write(insertAtSelection(text, el.selectionStart, el.selectionEnd, '\n'));
  };

  return (
    <div className="chat-composer">
      {reply && (
        <div className="chat-composer__reply">
          <span>{chatText.replyingTo(reply.user.name)}</span>
          <button type="button" aria-label={chatText.cancelReply} onClick={onCancelReply}>
            ×
          </button>
        </div>
      )}
      {suggesting && (
        <SuggestionList
          id={listId}
          label={chatText.suggestionsFor(token.kind)}
          items={items}
          active={active}
          sigil={token.kind === 'user' ? '@' : '$'}
          onPick={pick}
        />
      )}
      <div className="chat-composer__row">
        <textarea
          ref={area}
          aria-label={chatText.composer}
          placeholder={chatText.composerPlaceholder}
          rows={2}
          value={text}
          disabled={disabled}
          readOnly={sending}
          onChange={(e) => {
            onText(e.target.value);
            setCaret({ start: e.target.selectionStart, end: e.target.selectionEnd });
            setActive(0);
            if (e.target.value.trim() !== '') onTyping();
          }}
          onSelect={(e) =>
            setCaret({ start: e.currentTarget.selectionStart, end: e.currentTarget.selectionEnd })
          }
          onKeyDown={onKeyDown}
        />
        <button
          type="button"
          className="btn btn-primary chat-composer__send"
          disabled={state.kind !== 'open' || sending || text.trim() === ''}
          onClick={send}
        >
          {sending ? chatText.sending : chatText.send}
        </button>
      </div>
      {note && (
        <p className="chat-composer__note" role="status">
          {note}
        </p>
      )}
    </div>
  );
}
