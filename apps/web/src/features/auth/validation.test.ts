import { messages } from '@tapeline/core';
import { describe, expect, it } from 'vitest';
import {
  accountUpdateError,
  emailError,
  loginError,
  newPasswordError,
  registrationError,
} from './validation.ts';

describe('client-side validation (spec §5)', () => {
  it('login: empty fields first, then the email pattern', () => {
    expect(loginError('', 'secret123')).toBe(messages.loginEmpty);
    expect(loginError('a@b.co', '')).toBe(messages.loginEmpty);
    expect(loginError('not-an-email', 'secret123')).toBe(messages.invalidEmail);
    expect(loginError('a@b.co', 'x')).toBeNull();
  });

  it('registration uses its own email wording', () => {
    expect(registrationError('nope', 'password1', 'password1')).toBe(messages.invalidEmailRegistration);
    expect(registrationError('a@b.co', 'password1', 'password2')).toBe(messages.passwordsDoNotMatch);
    expect(registrationError('a@b.co', 'short', 'short')).toBe(messages.passwordTooShort);
    expect(registrationError('a@b.co', 'password1', 'password1')).toBeNull();
  });

  it('forgot password and resend check the email', () => {
    expect(emailError('')).toBe(messages.invalidEmail);
    expect(emailError('a@b.co')).toBeNull();
  });

  it('reset: passwords must match and be long enough', () => {
    expect(newPasswordError('password1', 'password2')).toBe(messages.passwordsDoNotMatch);
    expect(newPasswordError('short', 'short')).toBe(messages.passwordTooShort);
    expect(newPasswordError('password1', 'password1')).toBeNull();
  });

  it('account update: an empty password means unchanged', () => {
    expect(accountUpdateError('a@b.co', '', '')).toBeNull();
    expect(accountUpdateError('bad', '', '')).toBe(messages.invalidEmail);
    expect(accountUpdateError('a@b.co', 'password1', '')).toBe(messages.passwordsDoNotMatch);
    expect(accountUpdateError('a@b.co', '', 'password1')).toBe(messages.passwordsDoNotMatch);
    expect(accountUpdateError('a@b.co', 'short', 'short')).toBe(messages.passwordTooShort);
  });

  it('account update: a new email or password needs the current password', () => {
    expect(accountUpdateError('a@b.co', 'password9', 'password9')).toBe(messages.currentPasswordRequired);
    expect(accountUpdateError('new@b.co', '', '', '', true)).toBe(messages.currentPasswordRequired);
    expect(accountUpdateError('new@b.co', '', '', 'my-current', true)).toBeNull();
    expect(accountUpdateError('a@b.co', 'password9', 'password9', 'my-current')).toBeNull();
  });
});
