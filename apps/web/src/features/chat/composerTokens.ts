import { normalizeSymbol } from '@tapeline/core';

// The composer's @user and $symbol autocomplete (spec §2, §5): which mention is being typed at
// the caret, and the text once a suggestion replaces it. Pure; the composer feeds it the
// textarea's value and selection.

export interface MentionToken {
  kind: 'user' | 'symbol';
  /** What follows the @ or $ up to the caret (a symbol upper-cased). */
  query: string;
  /** Where the @ or $ is, and where the token ends (the caret). */
  start: number;
  end: number;
}

/** A mention starts the text or follows whitespace or an opening bracket ('e-mail@host' is no mention). */
const OPENS = /[\s([{]/;

/**
 * The mention the caret is in, or null. The token runs from its @ or $ to the caret without
 * whitespace; a caret inside a selection completes nothing.
 */
export function tokenAtCaret(text: string, caret: number, selectionEnd = caret): MentionToken | null {
  if (selectionEnd !== caret || caret < 1 || caret > text.length) return null;
  let at = caret - 1;
  while (at >= 0 && !/\s/.test(text.charAt(at)) && text.charAt(at) !== '@' && text.charAt(at) !== '$')
    at -= 1;
  if (at < 0) return null;
  const sigil = text.charAt(at);
  if (sigil !== '@' && sigil !== '$') return null;
  if (at > 0 && !OPENS.test(text.charAt(at - 1))) return null;
  const raw = text.slice(at + 1, caret);
  if (sigil === '$') {
    // '$5' is money, not a symbol: a symbol starts with a letter.
    if (raw !== '' && !/^[A-Za-z][A-Za-z0-9.-]*$/.test(raw)) return null;
    return { kind: 'symbol', query: normalizeSymbol(raw), start: at, end: caret };
  }
  return { kind: 'user', query: raw, start: at, end: caret };
}

/** The text with the token replaced by the chosen mention and a space, and where the caret goes. */
export function completeToken(
  text: string,
  token: MentionToken,
  value: string,
): { text: string; caret: number } {
  const mention = `${token.kind === 'user' ? '@' : '$'}${value} `;
  // A space already after the token is reused rather than doubled.
  const rest = text.slice(token.end).replace(/^ /, '');
  return { text: text.slice(0, token.start) + mention + rest, caret: token.start + mention.length };
}

/** The text with `insert` in place of the selection, and the caret after it (Ctrl/Alt+Enter's newline). */
export function insertAtSelection(
  text: string,
  start: number,
  end: number,
  insert: string,
): { text: string; caret: number } {
  return { text: text.slice(0, start) + insert + text.slice(end), caret: start + insert.length };
}
