import type { Role } from '../constants.ts';
import { hasRole } from '../rules/role.ts';

// Pure chat rules the server enforces and the web shows (docs/chat.md). Time is passed in (ms).

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/** A ban is active while its end is still ahead. */
export function banActive(banExpAtMs: number | null, now: number): boolean {
  return banExpAtMs !== null && banExpAtMs > now;
}

/** The end of a ban of `minutes` from now; null when minutes is 0 (the ban is lifted). */
export function banEnd(minutes: number, now: number): number | null {
  return minutes > 0 ? now + minutes * 60_000 : null;
}

/** Whole seconds left of a ban (the countdown), 0 when none is active. */
export function banSecondsLeft(banExpAtMs: number | null, now: number): number {
  return banExpAtMs === null ? 0 : Math.max(0, Math.ceil((banExpAtMs - now) / 1000));
}

/** When slow mode lets this user post again, or null if they may post now. */
export function slowModeRetryAt(lastPostAtMs: number | null, seconds: number, now: number): number | null {
  if (seconds <= 0 || lastPostAtMs === null) return null;
  const next = lastPostAtMs + seconds * 1000;
  return next > now ? next : null;
}

/** service1yr: the current subscription started at least a year ago (365 days). */
export function serviceOneYear(subscribedSinceMs: number | null, now: number): boolean {
  return subscribedSinceMs !== null && now - subscribedSinceMs >= YEAR_MS;
}

/** modadmin: mods and admins carry the badge. */
export function modAdminBadge(role: Role): boolean {
  return hasRole(role, 'mod');
}

/** §4: clicking the vote one already gave takes it back; the other direction replaces it. */
export function toggledVote(current: -1 | 0 | 1, clicked: -1 | 1): -1 | 0 | 1 {
  return current === clicked ? 0 : clicked;
}

/**
 * Format characters (zero-width spaces and joiners, bidi marks), variation selectors and the
 * other default-ignorable code points: invisible, so they cannot make a message another one.
 */
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;

/**
 * What the `repeated` check compares (docs/chat.md "Limits"): NFKC, invisible characters
 * removed, whitespace runs as one space, trimmed, case folded. 'buy AAPL', 'buy\u200B AAPL',
 * 'ｂｕｙ AAPL' and 'Buy  aapl' are one message.
 */
export function chatRepeatKey(text: string): string {
  return text
    .normalize('NFKC')
    .replace(INVISIBLE, '')
    .replace(/\s+/gu, ' ')
    .trim()
    .toUpperCase()
    .toLowerCase();
}
