import { messageFor, messages, successResponseSchema } from '@tapeline/core';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fail, fakeApi, ok } from '../../test-setup/fakeApi.ts';
import { renderUi } from '../../test-setup/render.tsx';
import { withoutSession } from '../../test-setup/session.tsx';
import { ForgotPasswordPage } from './ForgotPasswordPage.tsx';
import { ResetPasswordPage } from './ResetPasswordPage.tsx';

const sent = ok(successResponseSchema, { success: true });

describe('ForgotPasswordPage', () => {
  const renderForgot = () =>
    renderUi(<ForgotPasswordPage />, { at: '/forgot-password', wrap: withoutSession });

  it('sends the instructions and says where', async () => {
    const api = fakeApi().on('POST /api/auth/forgot_password', sent);
    const { user } = renderForgot();
    await user.type(screen.getByLabelText('Email'), 'Trader@Example.com');
    await user.click(screen.getByRole('button', { name: 'Send instructions' }));
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(screen.getByText('trader@example.com')).toBeInTheDocument();
    expect(api.calls('POST /api/auth/forgot_password')[0]?.body).toEqual({ email: 'trader@example.com' });
  });

  it('refuses an invalid address without calling the API', async () => {
    const api = fakeApi();
    const { user } = renderForgot();
    await user.type(screen.getByLabelText('Email'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Send instructions' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.invalidEmail);
    expect(api.requests).toHaveLength(0);
  });

  it('says an unknown address is not registered', async () => {
    fakeApi().on('POST /api/auth/forgot_password', fail(404, 'no_user'));
    const { user } = renderForgot();
    await user.type(screen.getByLabelText('Email'), 'ghost@example.com');
    await user.click(screen.getByRole('button', { name: 'Send instructions' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      messageFor('forgot', { kind: 'api', status: 404, code: 'no_user' }),
    );
  });

  it('can send again from the confirmation', async () => {
    fakeApi().on('POST /api/auth/forgot_password', sent);
    const { user } = renderForgot();
    await user.type(screen.getByLabelText('Email'), 'trader@example.com');
    await user.click(screen.getByRole('button', { name: 'Send instructions' }));
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(screen.getByRole('button', { name: 'Send instructions' })).toBeInTheDocument();
  });
});

describe('ResetPasswordPage', () => {
  const renderReset = (at = '/reset-password?token=abc123') =>
    renderUi(<ResetPasswordPage />, { at, path: '/reset-password', wrap: withoutSession });

  async function choose(user: ReturnType<typeof renderReset>['user'], password: string, confirm: string) {
    await user.type(screen.getByLabelText('New password'), password);
    await user.type(screen.getByLabelText('Confirm password'), confirm);
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
  }

  it('without a token goes back to the forgot page saying the link is invalid', async () => {
    fakeApi();
    renderReset('/reset-password');
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/forgot-password?_t=invalid'),
    );
  });

  it('checks the new password before calling the API', async () => {
    const api = fakeApi();
    const { user } = renderReset();
    await choose(user, 'tape-reader-2026', 'tape-reader-2027');
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.passwordsDoNotMatch);
    expect(api.requests).toHaveLength(0);
  });

  it('resets with the link token, says so and goes to /login 3 s later', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = fakeApi().on('POST /api/auth/reset_password', sent);
    const { user } = renderReset();
    await choose(user, 'tape-reader-2026', 'tape-reader-2026');
    expect(await screen.findByText(messages.resetSuccess)).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/reset-password');
    expect(api.calls('POST /api/auth/reset_password')[0]?.body).toEqual({
      password: 'tape-reader-2026',
      token: 'abc123',
    });
    expect(screen.getByRole('button', { name: 'Reset password' })).toBeDisabled();
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });

  it('a dead link goes back to the forgot page', async () => {
    fakeApi().on('POST /api/auth/reset_password', fail(400, 'link_expired'));
    const { user } = renderReset();
    await choose(user, 'tape-reader-2026', 'tape-reader-2026');
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/forgot-password?_t=invalid'),
    );
  });
});
