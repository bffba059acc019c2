import { messageFor, messages, sessionResponseSchema } from '@tapeline/core';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TOKEN_KEY } from '../../lib/storageKeys.ts';
import { fail, fakeApi, ok } from '../../test-setup/fakeApi.ts';
import { configAnswer } from '../../test-setup/fixtures.ts';
import { renderUi } from '../../test-setup/render.tsx';
import { subscription, userFixture, withoutSession } from '../../test-setup/session.tsx';
import { LoginPage } from './LoginPage.tsx';

const TOKEN = 'header.payload.signature';

function serve() {
  return fakeApi().on('GET /api/config', configAnswer());
}

function renderLogin(at = '/login') {
  return renderUi(<LoginPage />, { at, wrap: withoutSession });
}

async function logIn(user: ReturnType<typeof renderLogin>['user'], email: string, password: string) {
  if (email) await user.type(screen.getByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('LoginPage', () => {
  it('confirms the address when the mailed verification link lands here, until a login is tried', async () => {
    serve();
    const { user } = renderLogin('/login?_t=verified');
    expect(screen.getByRole('status')).toHaveTextContent(messages.emailVerified);
    await logIn(user, '', '');
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.loginEmpty);
    expect(screen.queryByText(messages.emailVerified)).toBeNull();
  });

  it('says nothing on a bare /login', () => {
    serve();
    renderLogin();
    expect(screen.queryByText(messages.emailVerified)).toBeNull();
  });

  it('refuses an empty form before calling the API', async () => {
    const api = serve();
    const { user } = renderLogin();
    await logIn(user, '', '');
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.loginEmpty);
    expect(api.calls('POST /api/auth/login')).toHaveLength(0);
  });

  it('refuses an address that is not an email', async () => {
    const api = serve();
    const { user } = renderLogin();
    await logIn(user, 'not-an-email', 'tape-reader-2026');
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.invalidEmail);
    expect(api.calls('POST /api/auth/login')).toHaveLength(0);
  });

  it('shows the spec wording of a wrong password', async () => {
    serve().on('POST /api/auth/login', fail(401, 'invalid_password'));
    const { user } = renderLogin();
    await logIn(user, 'trader@example.com', 'wrong-password');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      messageFor('login', { kind: 'api', status: 401, code: 'invalid_password' }),
    );
  });

  it('says the service is not available when the API is down', async () => {
    serve().on('POST /api/auth/login', { status: 502, body: 'Bad Gateway' });
    const { user } = renderLogin();
    await logIn(user, 'trader@example.com', 'tape-reader-2026');
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.serviceNotAvailable);
  });

  it('signs a subscriber in, sends the normalized email and lands on the dashboard', async () => {
    const user = userFixture({ subscription: subscription('pro') });
    const api = serve().on('POST /api/auth/login', ok(sessionResponseSchema, { access_token: TOKEN, user }));
    const rendered = renderLogin();
    await logIn(rendered.user, '  Trader@Example.com ', 'tape-reader-2026');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard'));
    expect(api.calls('POST /api/auth/login')[0]?.body).toEqual({
      email: 'trader@example.com',
      password: 'tape-reader-2026',
    });
    // Without 'Keep me signed in' the session dies with the tab.
    expect(sessionStorage.getItem(TOKEN_KEY)).toBe(TOKEN);
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('keeps the session across browser restarts when asked, and sends a trader without a plan to the profile', async () => {
    serve().on(
      'POST /api/auth/login',
      ok(sessionResponseSchema, { access_token: TOKEN, user: userFixture() }),
    );
    const { user } = renderLogin();
    await user.click(screen.getByRole('checkbox', { name: 'Keep me signed in' }));
    await logIn(user, 'trader@example.com', 'tape-reader-2026');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/profile'));
    expect(localStorage.getItem(TOKEN_KEY)).toBe(TOKEN);
  });

  it('sends an unverified trader to /verify', async () => {
    serve().on(
      'POST /api/auth/login',
      ok(sessionResponseSchema, { access_token: TOKEN, user: userFixture({ email_verified: false }) }),
    );
    const { user } = renderLogin();
    await logIn(user, 'trader@example.com', 'tape-reader-2026');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/verify'));
  });

  it('links to sign-up and password recovery', () => {
    serve();
    renderLogin();
    expect(screen.getByRole('link', { name: 'Create account' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });
});
