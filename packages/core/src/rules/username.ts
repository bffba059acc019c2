import { USERNAME_MAX_LENGTH } from '../constants.ts';

/**
 * Control, format (bidi overrides, zero-width joiners), surrogate, private-use and unassigned
 * code points, and line/paragraph separators: none belongs in a name other traders read, and
 * bidi overrides make one name render as another.
 */
const FORBIDDEN = /[\p{C}\p{Zl}\p{Zp}]/u;

export type UsernameProblem = 'required' | 'too_long' | 'forbidden_characters';

/** The name as stored: NFKC (so compatibility look-alikes such as ｆｕｌｌ-width letters fold) and trimmed. */
export function normalizeUsername(raw: string): string {
  return raw.normalize('NFKC').trim();
}

/**
 * What makes two names the same: NFKC, then case folded (upper then lower approximates Unicode
 * full case folding: 'ß' → 'ss', final 'ς' → 'σ'), then NFKC again since folding can denormalize.
 */
export function usernameKey(raw: string): string {
  return normalizeUsername(raw).toUpperCase().toLowerCase().normalize('NFKC');
}

/** Why a name is refused, or null. Length counts code points of the stored (normalized) form. */
export function usernameProblem(raw: string): UsernameProblem | null {
  const name = normalizeUsername(raw);
  if (name.length === 0) return 'required';
  if (FORBIDDEN.test(name)) return 'forbidden_characters';
  if ([...name].length > USERNAME_MAX_LENGTH) return 'too_long';
  return null;
}
