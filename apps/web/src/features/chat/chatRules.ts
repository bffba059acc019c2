import {
  CHAT_SEARCH_DEBOUNCE_MS,
  CHAT_TYPING_MS,
  type ChatMessage,
  type ChatVoteValue,
  isValidSymbol,
  parseSearch,
  USER_SEARCH_MIN_CHARS,
  usernameFoldKey,
} from '@tapeline/core';
import { chatText } from './chatText.ts';

// The Chat widget's rules that are not about time or scrolling (spec §4, §5). Pure.

/** The search the message list is filtered by: one user's messages (u) or one symbol's (s). */
export type ChatFilter = { kind: 'user'; name: string } | { kind: 'symbol'; symbol: string };

/** What the search box's text asks for while it is being typed. */
export type SearchDraft =
  | { kind: 'none' }
  /** '@' and fewer than 3 characters: nothing is searched yet. */
  | { kind: 'user-short' }
  | { kind: 'user'; query: string }
  | { kind: 'symbol'; query: string };

/** A leading '@' searches users (at least 3 characters), anything else symbols (spec §5). */
export function searchDraft(text: string): SearchDraft {
  if (text.trim() === '') return { kind: 'none' };
  const parsed = parseSearch(text);
  if (parsed.kind === 'user') {
    return parsed.query.length < USER_SEARCH_MIN_CHARS
      ? { kind: 'user-short' }
      : { kind: 'user', query: parsed.query };
  }
  return parsed.query === '' ? { kind: 'none' } : { kind: 'symbol', query: parsed.query };
}

/**
 * The filter Enter applies to the typed text: a user search names the best match when there
 * is one (the list is ranked exact first), else what was typed; a symbol must be a symbol.
 */
export function filterOfDraft(draft: SearchDraft, bestUser: string | undefined): ChatFilter | null {
  if (draft.kind === 'user') return { kind: 'user', name: bestUser ?? draft.query };
  if (draft.kind === 'symbol' && isValidSymbol(draft.query)) return { kind: 'symbol', symbol: draft.query };
  return null;
}

/** How the active filter reads in the search box. */
export const filterText = (filter: ChatFilter): string =>
  filter.kind === 'user' ? `@${filter.name}` : filter.symbol;

/** Search input is debounced by 800 ms on Android (spec §5), not elsewhere. */
export const searchDebounceMs = (userAgent: string): number =>
  /android/i.test(userAgent) ? CHAT_SEARCH_DEBOUNCE_MS : 0;

/** The server marks a symbol as <span class="symbol" data-symbol="AAPL">; symbols need no escaping. */
const mentionsSymbol = (content: string, symbol: string) => content.includes(`data-symbol="${symbol}"`);

/** Whether a message belongs in a list filtered this way: the user's own posts, or posts naming the symbol. */
export function matchesFilter(message: ChatMessage, filter: ChatFilter | null): boolean {
  if (!filter) return true;
  if (filter.kind === 'user') return usernameFoldKey(message.user.name) === usernameFoldKey(filter.name);
  return mentionsSymbol(message.content, filter.symbol);
}

/**
 * An incoming message joins the list only if it is for the channel on screen, not already
 * shown, and matches the active search (spec §4).
 */
export function acceptsIncoming(
  message: ChatMessage,
  view: { channel: string; filter: ChatFilter | null; shown(id: number): boolean },
): boolean {
  return (
    message.channel_id === view.channel && !view.shown(message.id) && matchesFilter(message, view.filter)
  );
}

/** A vote toggles between none, up and down: the same arrow again takes the vote back (spec §4). */
export const nextVote = (current: ChatVoteValue, clicked: 1 | -1): ChatVoteValue =>
  current === clicked ? 0 : clicked;

/** Typing notices go out at most once a second (spec §5, §9). */
export const typingDue = (lastSentAt: number | null, nowMs: number): boolean =>
  lastSentAt === null || nowMs - lastSentAt >= CHAT_TYPING_MS;

/** Someone is shown typing for this long after their last notice (ours: three missed notices). */
export const TYPING_SHOWN_MS = 3 * CHAT_TYPING_MS;

/** Who is typing now, by user id → name and when their last notice came, oldest first. */
export function typingNow(seen: ReadonlyMap<string, { name: string; at: number }>, nowMs: number): string[] {
  const names: string[] = [];
  for (const { name, at } of seen.values()) if (nowMs - at < TYPING_SHOWN_MS) names.push(name);
  return names;
}

export function typingText(names: readonly string[]): string {
  if (names.length === 0) return '';
  if (names.length === 1) return chatText.typingOne(names[0] as string);
  if (names.length === 2) return chatText.typingTwo(names[0] as string, names[1] as string);
  return chatText.typingMany;
}

/** Whole seconds left until `untilMs`, rounded up so the last second still shows 1; never negative. */
export const secondsLeft = (untilMs: number | null, nowMs: number): number =>
  untilMs === null ? 0 : Math.max(0, Math.ceil((untilMs - nowMs) / 1000));

const pad = (n: number) => String(n).padStart(2, '0');

/** A countdown clock: '0:09', '4:59', '1:00:00', '2d 03:00:00'. */
export function countdownClock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const days = Math.floor(s / 86_400);
  const hours = Math.floor((s % 86_400) / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const secs = s % 60;
  if (days > 0) return `${days}d ${pad(hours)}:${pad(minutes)}:${pad(secs)}`;
  if (hours > 0) return `${hours}:${pad(minutes)}:${pad(secs)}`;
  return `${minutes}:${pad(secs)}`;
}

/** ban_exp_at is epoch seconds (the profile's); a ban already over is no ban. */
export function banUntilMs(banExpAt: number | null | undefined, nowMs: number): number | null {
  if (banExpAt === null || banExpAt === undefined) return null;
  const until = banExpAt * 1000;
  return until > nowMs ? until : null;
}

/** What the composer may do now, most restrictive first. */
export type ComposerState =
  | { kind: 'read-only' }
  | { kind: 'banned'; seconds: number; reason: string | null }
  | { kind: 'searching' }
  | { kind: 'slow'; seconds: number }
  | { kind: 'open' };

/**
 * Read-only when the admin disabled the user's chat; disabled while banned, or while a search
 * is active without a reply (spec §4); slow mode only holds back the next send.
 */
export function composerState(input: {
  chatEnabled: boolean;
  banSeconds: number;
  /** What the moderator gave as the ban's reason, when known. */
  banReason?: string | null;
  searching: boolean;
  replying: boolean;
  slowSeconds: number;
}): ComposerState {
  if (!input.chatEnabled) return { kind: 'read-only' };
  if (input.banSeconds > 0)
    return { kind: 'banned', seconds: input.banSeconds, reason: input.banReason?.trim() || null };
  if (input.searching && !input.replying) return { kind: 'searching' };
  if (input.slowSeconds > 0) return { kind: 'slow', seconds: input.slowSeconds };
  return { kind: 'open' };
}

/** What Enter does in the composer: send; with Ctrl, Shift or Alt a newline (spec §5). */
export const enterSends = (key: {
  key: string;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  isComposing?: boolean;
}) => key.key === 'Enter' && !key.ctrlKey && !key.shiftKey && !key.altKey && !key.isComposing;

/** A message taller than this many lines shows collapsed, with a "Show more" (issue 28). */
export const CHAT_COLLAPSE_LINES = 6;
/** …or longer than this many characters of text, which wraps to about as many lines. */
export const CHAT_COLLAPSE_CHARS = 400;

/**
 * Whether a message's (sanitized) HTML renders taller than the collapse height. Counted rather
 * than measured, so it holds before layout and in every test: line breaks, then text length.
 */
export function isTallMessage(html: string): boolean {
  const breaks = html.match(/<br\s*\/?>/gi)?.length ?? 0;
  if (breaks + 1 > CHAT_COLLAPSE_LINES) return true;
  return html.replace(/<[^>]*>/g, '').length > CHAT_COLLAPSE_CHARS;
}
