import { messageFor, messages, updateUserResponseSchema } from '@tapeline/core';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type FakeApi, fail, fakeApi, ok } from '../../test-setup/fakeApi.ts';
import { renderUi } from '../../test-setup/render.tsx';
import { signedIn, subscription, userFixture, withSession } from '../../test-setup/session.tsx';
import { AccountTab } from './AccountTab.tsx';

const EMAIL = 'trader@example.com';

function renderAccount(api: FakeApi, pending: string | null = null) {
  signedIn(api, { email: EMAIL, pending_email: pending, subscription: subscription('pro') });
  return renderUi(<AccountTab />, { at: '/profile/account', path: '/profile/account', wrap: withSession });
}

const emailBox = () => screen.getByLabelText('Email');
const save = () => screen.getByRole('button', { name: 'Save' });

describe('AccountTab', () => {
  it('starts from the signed-in address and names an address waiting for confirmation', async () => {
    renderAccount(fakeApi(), 'new@example.com');
    expect(await screen.findByLabelText('Email')).toHaveValue(EMAIL);
    expect(screen.getByRole('status')).toHaveTextContent('new@example.com');
  });

  it('asks for the current password before changing the email', async () => {
    const api = fakeApi();
    const { user } = renderAccount(api);
    await user.clear(await screen.findByLabelText('Email'));
    await user.type(emailBox(), 'other@example.com');
    await user.click(save());
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.currentPasswordRequired);
    expect(api.calls('PUT /api/auth/user')).toHaveLength(0);
  });

  it('checks that the new passwords match', async () => {
    const { user } = renderAccount(fakeApi());
    await user.type(await screen.findByLabelText('Password'), 'tape-reader-2027');
    await user.type(screen.getByLabelText('Confirm password'), 'tape-reader-2028');
    await user.click(save());
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.passwordsDoNotMatch);
  });

  it('changes the password with the current one and confirms', async () => {
    const api = fakeApi();
    api.on(
      'PUT /api/auth/user',
      ok(updateUserResponseSchema, {
        success: true,
        user: userFixture({ email: EMAIL, subscription: subscription('pro') }),
        access_token: 'header.payload.signature',
      }),
    );
    const { user } = renderAccount(api);
    await user.type(await screen.findByLabelText('Password'), 'tape-reader-2027');
    await user.type(screen.getByLabelText('Confirm password'), 'tape-reader-2027');
    await user.type(screen.getByLabelText('Current password'), 'tape-reader-2026');
    await user.click(save());
    expect(await screen.findByText(messages.profileUpdated)).toBeInTheDocument();
    expect(api.calls('PUT /api/auth/user')[0]?.body).toEqual({
      email: EMAIL,
      password: 'tape-reader-2027',
      current_password: 'tape-reader-2026',
    });
    // The form empties the password fields once saved.
    await waitFor(() => expect(screen.getByLabelText('Password')).toHaveValue(''));
  });

  it('shows the spec wording when the current password is wrong', async () => {
    const api = fakeApi().on('PUT /api/auth/user', fail(403, 'current_password_wrong'));
    const { user } = renderAccount(api);
    await user.type(await screen.findByLabelText('Password'), 'tape-reader-2027');
    await user.type(screen.getByLabelText('Confirm password'), 'tape-reader-2027');
    await user.type(screen.getByLabelText('Current password'), 'not-it');
    await user.click(save());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      messageFor('account', { kind: 'api', status: 403, code: 'current_password_wrong' }),
    );
  });
});
