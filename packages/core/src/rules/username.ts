import unhomoglyph from 'unhomoglyph';
import { USERNAME_MAX_LENGTH } from '../constants.ts';
import { normalizeUsername, usernameFoldKey } from './usernameFold.ts';

/**
 * Control, format (bidi overrides, zero-width joiners), surrogate, private-use and unassigned
 * code points, and line/paragraph separators: none belongs in a name other traders read, and
 * bidi overrides make one name render as another.
 */
const FORBIDDEN = /[\p{C}\p{Zl}\p{Zp}]/u;

/**
 * Names nobody may hold: they would read as the product or its staff speaking. Compared by
 * `usernameKey` with the separators and digits taken out, so 'Admin', 'аdmin' (Cyrillic а),
 * 'ad_min' and 'support2' are all refused.
 */
export const RESERVED_USERNAMES = [
  'admin',
  'administrator',
  'mod',
  'mods',
  'moderator',
  'support',
  'help',
  'tapeline',
  'root',
  'system',
  'staff',
  'official',
  'security',
  'billing',
  'everyone',
  'here',
] as const;

export type UsernameProblem = 'required' | 'too_long' | 'forbidden_characters' | 'reserved';

/**
 * The confusables skeleton of Unicode TR39 §4: NFD, each character mapped to its prototype by
 * the confusables table (unhomoglyph ships Unicode's confusables.txt), NFD again. Cyrillic 'ѕес'
 * and Latin 'sec' share one; so do 'I' and 'l', 'rn' and 'm'. Not for display.
 */
export function confusablesSkeleton(text: string): string {
  return unhomoglyph(text.normalize('NFD')).normalize('NFD');
}

/**
 * What makes two names the same: the NFKC form case folded, then its confusables skeleton, then
 * NFKC (TR39's skeleton of the case-folded name). So 'Trader' meets 'tRADER', 'ｔｒａｄｅｒ' and
 * Cyrillic 'тrader', and 'm' meets 'rn'. Folding first keeps case out of it ('KID' is 'kid'),
 * at the price of upper-case 'I' meeting 'i' rather than 'l'. The `users_username_key_unique`
 * index enforces one account per key.
 */
export function usernameKey(raw: string): string {
  return confusablesSkeleton(usernameFoldKey(raw)).normalize('NFKC');
}

/**
 * Made on first use, not at import: a module without work at load is left out of a bundle that
 * never asks (the web's /login chunk must not carry the confusables table).
 */
let reservedKeys: Set<string> | undefined;
const RESERVED_KEYS = () => {
  reservedKeys ??= new Set(RESERVED_USERNAMES.map((name) => usernameKey(name)));
  return reservedKeys;
};
/** Separators and digits a reserved name may be dressed in ('ad_min', 'support2'). */
const DRESSING = /[\s_.\-\p{N}]/gu;

/** Whether the name reads as one of `RESERVED_USERNAMES`. */
export function isReservedUsername(raw: string): boolean {
  const name = normalizeUsername(raw);
  const keys = RESERVED_KEYS();
  return keys.has(usernameKey(name)) || keys.has(usernameKey(name.replace(DRESSING, '')));
}

/** Why a name is refused, or null. Length counts code points of the stored (normalized) form. */
export function usernameProblem(raw: string): UsernameProblem | null {
  const name = normalizeUsername(raw);
  if (name.length === 0) return 'required';
  if (FORBIDDEN.test(name)) return 'forbidden_characters';
  if ([...name].length > USERNAME_MAX_LENGTH) return 'too_long';
  if (isReservedUsername(name)) return 'reserved';
  return null;
}
