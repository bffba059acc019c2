import { describe, expect, it } from 'vitest';
import { messages } from '../messages.ts';
import { messageFor } from './messageFor.ts';

const api = (code: string, status = 400) => ({ kind: 'api' as const, status, code });

describe('messageFor maps API codes to the spec §8 wording per screen', () => {
  it('login', () => {
    expect(messageFor('login', api('email_not_found', 404))).toBe('Invalid email');
    expect(messageFor('login', api('no_user', 404))).toBe('Invalid email');
    expect(messageFor('login', api('invalid_password'))).toBe('Invalid email or password');
    expect(messageFor('login', api('empty_credentials'))).toBe('Empty email or password');
    expect(messageFor('login', { kind: 'network' })).toBe('Service not available');
    expect(messageFor('login', { kind: 'unknown' })).toBe('Unknown problem');
  });

  it('signup', () => {
    expect(messageFor('signup', api('invalid_content'))).toBe('Content is invalid. Please try again');
    expect(messageFor('signup', api('duplicate_account_active', 409))).toBe(
      'Email address is already registered',
    );
    expect(messageFor('signup', api('duplicate_account_pending', 409))).toBe(messages.signupDuplicatePending);
    expect(messageFor('signup', api('something_else', 500))).toBe('Failed to signup. Please try again');
  });

  it('resend, forgot and reset', () => {
    expect(messageFor('resend', api('no_user', 404))).toBe('Email is not registered. Please signup first');
    expect(messageFor('resend', { kind: 'network' })).toBe('Failed to resend. Please try again');
    expect(messageFor('forgot', api('no_user', 404))).toBe('Email address is not registered');
    expect(messageFor('forgot', api('mail_unavailable', 503))).toBe(
      'Failed to send instructions. Please try again',
    );
    expect(messageFor('reset', api('invalid_token'))).toBe('This link is expired or token is invalid');
    expect(messageFor('reset', api('link_expired'))).toBe('This link is expired or token is invalid');
    expect(messageFor('reset', api('other'))).toBe('Failed to reset password. Please try again');
  });

  it('account and Google sign-in', () => {
    expect(messageFor('account', api('duplicate_account_active', 409))).toBe(
      'Email is duplicated. Please try again with a different email address',
    );
    expect(messageFor('google', api('google_failed'))).toBe(
      'Failed to sign in with Google, please try again',
    );
  });

  it('a 429 reads as a clear rate-limit message on every screen', () => {
    expect(messageFor('login', api('rate_limited', 429))).toBe(messages.rateLimited);
    expect(messageFor('forgot', api('rate_limited', 429))).toBe(messages.rateLimited);
  });
});
