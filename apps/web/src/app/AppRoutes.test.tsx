import { messages } from '@tapeline/core';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, fakeApi } from '../test-setup/fakeApi.ts';
import { configAnswer } from '../test-setup/fixtures.ts';
import { renderUi } from '../test-setup/render.tsx';
import { signedIn, subscription, withoutSession } from '../test-setup/session.tsx';
import { AppRoutes } from './AppRoutes.tsx';

// Spec §2's redirect rules through the real gate, session and (lazy) routes.
const at = (path: string) => renderUi(<AppRoutes />, { at: path, wrap: withoutSession });
const location = () => screen.getByTestId('location');
// A redirect to a lazy page lands when its chunk has loaded, which a busy machine slows.
const LOADED = { timeout: 8000 };

function serve() {
  return fakeApi().on('GET /api/config', configAnswer());
}

describe('routes and the redirect rules', () => {
  it('a signed-out visitor of the dashboard lands on the login form', async () => {
    serve();
    at('/dashboard');
    expect(await screen.findByRole('button', { name: 'Log in' }, LOADED)).toBeInTheDocument();
    expect(location()).toHaveTextContent('/login');
  });

  it('an unknown path goes to the dashboard, and so to /login when signed out', async () => {
    serve();
    at('/no/such/page');
    await waitFor(() => expect(location()).toHaveTextContent('/login'), LOADED);
  });

  it('the signed-out pages stay where they are', async () => {
    serve();
    at('/register');
    expect(await screen.findByRole('button', { name: 'Sign up' }, LOADED)).toBeInTheDocument();
    expect(location()).toHaveTextContent('/register');
  });

  it('the help page answers a signed-out visitor, without the signed-in chrome', async () => {
    serve();
    at('/help');
    expect(await screen.findByRole('heading', { level: 1, name: 'Help' }, LOADED)).toBeInTheDocument();
    expect(location()).toHaveTextContent('/help');
    expect(screen.getByRole('link', { name: 'Back to log in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('navigation', { name: 'Sections' })).not.toBeInTheDocument();
  });

  it('an unverified trader is sent to /verify', async () => {
    const api = serve();
    signedIn(api, { email_verified: false });
    at('/dashboard');
    expect(
      await screen.findByRole('button', { name: 'Resend verification email' }, LOADED),
    ).toBeInTheDocument();
    expect(location()).toHaveTextContent('/verify');
  });

  it('a signed-in subscriber who opens /login is sent on to the dashboard', async () => {
    const api = serve();
    signedIn(api, { subscription: subscription('pro') });
    at('/login');
    await waitFor(() => expect(location()).toHaveTextContent('/dashboard'), LOADED);
  });

  it('a verified trader without a plan is sent to the profile', async () => {
    const api = serve();
    signedIn(api);
    at('/dashboard');
    await waitFor(() => expect(location()).toHaveTextContent(/^\/profile/), LOADED);
  });

  it('an API that does not answer keeps the stored session and offers to try again', async () => {
    const api = serve();
    signedIn(api);
    api.on('GET /api/auth/user', { status: 502, body: 'Bad Gateway' });
    at('/dashboard');
    expect(await screen.findByRole('alert', {}, LOADED)).toHaveTextContent(messages.serviceNotAvailable);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('a stored session the server refuses ends, and the login says it expired', async () => {
    const api = serve();
    signedIn(api);
    api.on('GET /api/auth/user', fail(401, 'invalid_token'));
    at('/dashboard');
    expect(await screen.findByText(messages.sessionExpired, {}, LOADED)).toBeInTheDocument();
    expect(location()).toHaveTextContent('/login');
  });
});
