import { dictionary } from '@zxcvbn-ts/language-common';

let common: Set<string> | undefined;

/**
 * Whether a password is on zxcvbn-ts's list of common passwords (about 49,000, from leaked
 * password corpora; the maintained package rather than a list of our own). Compared
 * lower-cased, so "Password1" is as common as "password1".
 */
export function isCommonPassword(password: string): boolean {
  common ??= new Set((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()));
  return common.has(password.toLowerCase());
}
