import { isValidEmail, messages, PASSWORD_MIN_LENGTH } from '@tapeline/core';

// Client-side checks, run before any call, in the order a person fixes a form top to bottom.
// Each returns the spec's message (§5, §8) or null. Emails arrive already normalized.

export function loginError(email: string, password: string): string | null {
  if (!email || !password) return messages.loginEmpty;
  if (!isValidEmail(email)) return messages.invalidEmail;
  return null;
}

export function registrationError(email: string, password: string, confirm: string): string | null {
  if (!isValidEmail(email)) return messages.invalidEmailRegistration;
  if (password !== confirm) return messages.passwordsDoNotMatch;
  if (password.length < PASSWORD_MIN_LENGTH) return messages.passwordTooShort;
  return null;
}

export function emailError(email: string): string | null {
  return isValidEmail(email) ? null : messages.invalidEmail;
}

export function newPasswordError(password: string, confirm: string): string | null {
  if (password !== confirm) return messages.passwordsDoNotMatch;
  if (password.length < PASSWORD_MIN_LENGTH) return messages.passwordTooShort;
  return null;
}

/** Account update: an empty password keeps the current one, so only a typed one is checked. */
/**
 * The Account tab before it calls the server. `emailChanged`/a new password need the current
 * password (the server checks it too; this only saves a round trip).
 */
export function accountUpdateError(
  email: string,
  password: string,
  confirm: string,
  current = '',
  emailChanged = false,
): string | null {
  if (!isValidEmail(email)) return messages.invalidEmail;
  if (password !== confirm) return messages.passwordsDoNotMatch;
  if (password && password.length < PASSWORD_MIN_LENGTH) return messages.passwordTooShort;
  if ((password || emailChanged) && !current) return messages.currentPasswordRequired;
  return null;
}
