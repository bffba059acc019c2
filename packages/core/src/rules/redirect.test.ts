import { describe, expect, it } from 'vitest';
import { decideRoute, homeFor, type SessionView } from './redirect.ts';

const active = { plan: 'standard', status: 'active', ended_at: null, canceled_at: null };
const signedIn = (email_verified: boolean, subscribed: boolean): SessionView => ({
  status: 'authenticated',
  user: { email_verified, subscription: subscribed ? active : null },
});

describe('redirect rules of spec §2', () => {
  it('1. shows a spinner while the session loads, wherever the user is', () => {
    expect(decideRoute({ status: 'loading' }, '/dashboard')).toEqual({ kind: 'spinner' });
    expect(decideRoute({ status: 'loading' }, '/login')).toEqual({ kind: 'spinner' });
  });

  it('2. sends a visitor to /login from any private screen', () => {
    for (const path of ['/dashboard', '/settings', '/profile', '/profile/plan', '/popout/chat']) {
      expect(decideRoute({ status: 'anonymous' }, path)).toEqual({ kind: 'redirect', to: '/login' });
    }
    expect(decideRoute({ status: 'anonymous' }, '/register')).toEqual({ kind: 'render', chrome: false });
    expect(decideRoute({ status: 'anonymous' }, '/verify')).toEqual({ kind: 'render', chrome: false });
  });

  it('3. sends an unverified user to /verify', () => {
    expect(decideRoute(signedIn(false, false), '/dashboard')).toEqual({ kind: 'redirect', to: '/verify' });
    expect(decideRoute(signedIn(false, false), '/login')).toEqual({ kind: 'redirect', to: '/verify' });
    expect(decideRoute(signedIn(false, false), '/verify')).toEqual({ kind: 'render', chrome: false });
  });

  it('4. sends a verified user without a subscription to /profile, where no chrome shows', () => {
    expect(decideRoute(signedIn(true, false), '/dashboard')).toEqual({ kind: 'redirect', to: '/profile' });
    expect(decideRoute(signedIn(true, false), '/verify')).toEqual({ kind: 'redirect', to: '/profile' });
    expect(decideRoute(signedIn(true, false), '/profile/plan')).toEqual({ kind: 'render', chrome: false });
  });

  it('renders /help for everyone, with the chrome only for a verified subscriber', () => {
    expect(decideRoute({ status: 'anonymous' }, '/help')).toEqual({ kind: 'render', chrome: false });
    expect(decideRoute(signedIn(false, false), '/help')).toEqual({ kind: 'render', chrome: false });
    expect(decideRoute(signedIn(true, false), '/help')).toEqual({ kind: 'render', chrome: false });
    expect(decideRoute(signedIn(true, true), '/help/')).toEqual({ kind: 'render', chrome: true });
    expect(decideRoute({ status: 'loading' }, '/help')).toEqual({ kind: 'spinner' });
    // The terms the sign-up checkbox links to, read before there is an account.
    expect(decideRoute({ status: 'anonymous' }, '/terms')).toEqual({ kind: 'render', chrome: false });
  });

  it('5. shows the top bar and footer to a subscriber, except in a pop-out', () => {
    expect(decideRoute(signedIn(true, true), '/dashboard')).toEqual({ kind: 'render', chrome: true });
    expect(decideRoute(signedIn(true, true), '/popout/stream1')).toEqual({ kind: 'render', chrome: false });
    expect(decideRoute(signedIn(true, true), '/login')).toEqual({ kind: 'redirect', to: '/dashboard' });
  });

  it('redirects any other path to /dashboard', () => {
    expect(decideRoute(signedIn(true, true), '/nowhere')).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(decideRoute(signedIn(true, true), '/popout/unknown')).toEqual({
      kind: 'redirect',
      to: '/dashboard',
    });
    expect(decideRoute(signedIn(true, true), '/profile/secret')).toEqual({
      kind: 'redirect',
      to: '/dashboard',
    });
    expect(decideRoute({ status: 'anonymous' }, '/nowhere')).toEqual({ kind: 'redirect', to: '/dashboard' });
  });

  it('homeFor follows the login transitions of spec §4', () => {
    expect(homeFor({ email_verified: false, subscription: active })).toBe('/verify');
    expect(homeFor({ email_verified: true, subscription: null })).toBe('/profile');
    expect(homeFor({ email_verified: true, subscription: active })).toBe('/dashboard');
  });
});
