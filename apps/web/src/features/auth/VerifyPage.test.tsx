import { messageFor, messages, successResponseSchema } from '@tapeline/core';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, fakeApi, ok } from '../../test-setup/fakeApi.ts';
import { renderUi } from '../../test-setup/render.tsx';
import { signedIn, withoutSession, withSession } from '../../test-setup/session.tsx';
import { savePendingEmail } from './pendingEmail.ts';
import { VerifyPage } from './VerifyPage.tsx';

const resent = ok(successResponseSchema, { success: true });
const resend = () => screen.getByRole('button', { name: 'Resend verification email' });

describe('VerifyPage', () => {
  it('after sign-up names the address the link went to and resends to it', async () => {
    savePendingEmail('new@example.com');
    const api = fakeApi().on('POST /api/auth/verify_email', resent);
    const { user } = renderUi(<VerifyPage />, { at: '/verify', wrap: withoutSession });
    expect(screen.getByTestId('verify-email')).toHaveTextContent('new@example.com');
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
    await user.click(resend());
    expect(await screen.findByRole('status')).toHaveTextContent(messages.resendSuccess);
    expect(api.calls('POST /api/auth/verify_email')[0]?.body).toEqual({ email: 'new@example.com' });
  });

  it('without a known address asks for one, and says when it is not registered', async () => {
    fakeApi().on('POST /api/auth/verify_email', fail(404, 'no_user'));
    const { user } = renderUi(<VerifyPage />, { at: '/verify', wrap: withoutSession });
    await user.type(screen.getByLabelText('Email'), 'ghost@example.com');
    await user.click(resend());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      messageFor('resend', { kind: 'api', status: 404, code: 'no_user' }),
    );
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
  });

  it('a signed-in unverified trader resends to their own address and can log out', async () => {
    const api = fakeApi()
      .on('POST /api/auth/verify_email', resent)
      .on('POST /api/auth/logout', ok(successResponseSchema, { success: true }));
    signedIn(api, { email: 'me@example.com', email_verified: false });
    const { user } = renderUi(<VerifyPage />, { at: '/verify', path: '/verify', wrap: withSession });
    expect(await screen.findByTestId('verify-email')).toHaveTextContent('me@example.com');
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
    expect(api.calls('POST /api/auth/logout')).toHaveLength(1);
  });
});
