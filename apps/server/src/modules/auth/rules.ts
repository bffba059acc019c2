import { isValidEmail, normalizeEmail, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@tapeline/core';

export function acceptablePassword(password: string): boolean {
  return password.length >= PASSWORD_MIN_LENGTH && password.length <= PASSWORD_MAX_LENGTH;
}

/** The normalized address, or null when it is not one we accept. */
export function acceptableEmail(raw: string): string | null {
  const email = normalizeEmail(raw);
  return isValidEmail(email) ? email : null;
}
