import { EMAIL_MAX_LENGTH } from '../constants.ts';

// Deliberately permissive: one @, no spaces, a dot in the domain and a TLD of two or more
// letters. Stricter patterns reject real addresses; the verification mail is the real check.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)*\.[A-Za-z]{2,}$/;

export function isValidEmail(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value);
}

/** Emails are stored and compared trimmed and lower-cased. */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}
