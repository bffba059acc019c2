import { messages } from '@tapeline/core';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { accountForm, emailForm, loginForm, newPasswordForm, registrationForm } from './validation.ts';

/** The one message a form shows for these values, as the form hook's resolver sees it. */
function messageOf(schema: z.ZodType, values: unknown): string | null {
  const result = schema.safeParse(values);
  if (result.success) return null;
  expect(result.error.issues).toHaveLength(1);
  expect(result.error.issues[0]?.path).toEqual(['root']);
  return result.error.issues[0]?.message ?? null;
}

describe('the forms’ schemas carry the client rules, one message each', () => {
  it('login: empty first, then the pattern; the email is sent normalized', () => {
    expect(messageOf(loginForm, { email: 'bad', password: '', remember: false })).toBe(messages.loginEmpty);
    expect(messageOf(loginForm, { email: 'bad', password: 'x', remember: false })).toBe(
      messages.invalidEmail,
    );
    const sent = loginForm.parse({ email: '  Trader@Example.COM ', password: 'x', remember: true });
    expect(sent).toEqual({ email: 'trader@example.com', password: 'x', remember: true });
  });

  it('registration: its own email wording, then match, then length', () => {
    const form = { email: 'a@b.co', password: 'short', confirm: 'short', agreed: true };
    expect(messageOf(registrationForm, { ...form, email: 'nope' })).toBe(messages.invalidEmailRegistration);
    expect(messageOf(registrationForm, { ...form, confirm: 'other' })).toBe(messages.passwordsDoNotMatch);
    expect(messageOf(registrationForm, form)).toBe(messages.passwordTooShort);
    expect(messageOf(registrationForm, { ...form, password: 'password1', confirm: 'password1' })).toBeNull();
  });

  it('forgot, resend and reset', () => {
    expect(messageOf(emailForm, { email: '' })).toBe(messages.invalidEmail);
    expect(messageOf(emailForm, { email: ' A@B.co ' })).toBeNull();
    expect(messageOf(newPasswordForm, { password: 'password1', confirm: 'password2' })).toBe(
      messages.passwordsDoNotMatch,
    );
  });

  it('account: a changed email (after normalizing) needs the current password', () => {
    const form = accountForm('a@b.co');
    const values = { email: ' A@B.co', password: '', confirm: '', current: '' };
    expect(messageOf(form, values)).toBeNull();
    expect(messageOf(form, { ...values, email: 'new@b.co' })).toBe(messages.currentPasswordRequired);
    expect(messageOf(form, { ...values, email: 'new@b.co', current: 'mine' })).toBeNull();
  });
});
