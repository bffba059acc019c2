import { isValidEmail, messages, normalizeEmail, PASSWORD_MIN_LENGTH } from '@tapeline/core';
import { z } from 'zod';
import { formRules } from '../../ui/form/formRules.ts';

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

/**
 * Account update: an empty password keeps the current one, so only a typed one is checked.
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

// The forms' schemas: the rules above over the fields as typed; the email arrives normalized.
const email = z.string().transform(normalizeEmail);
const password = z.string();

export const loginForm = formRules({ email, password, remember: z.boolean() }, (form) =>
  loginError(form.email, form.password),
);

export const registrationForm = formRules(
  { email, password, confirm: password, agreed: z.boolean() },
  (form) => registrationError(form.email, form.password, form.confirm),
);

export const emailForm = formRules({ email }, (form) => emailError(form.email));

export const newPasswordForm = formRules({ password, confirm: password }, (form) =>
  newPasswordError(form.password, form.confirm),
);

/** The Account tab's form; a changed email is one that differs from the signed-in address. */
export function accountForm(signedInEmail: string) {
  return formRules({ email, password, confirm: password, current: password }, (form) =>
    accountUpdateError(form.email, form.password, form.confirm, form.current, form.email !== signedInEmail),
  );
}
