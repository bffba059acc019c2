import { messageFor, messages, signupResponseSchema } from '@tapeline/core';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, fakeApi, ok } from '../../test-setup/fakeApi.ts';
import { renderUi } from '../../test-setup/render.tsx';
import { userFixture, withoutSession } from '../../test-setup/session.tsx';
import { RegisterPage } from './RegisterPage.tsx';

function renderRegister() {
  return renderUi(<RegisterPage />, { at: '/register', wrap: withoutSession });
}

type Ui = ReturnType<typeof renderRegister>['user'];

async function fill(user: Ui, email: string, password: string, confirm: string, agree = true) {
  if (email) await user.type(screen.getByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  if (confirm) await user.type(screen.getByLabelText('Confirm password'), confirm);
  if (agree) await user.click(screen.getByRole('checkbox'));
}

const signUp = () => screen.getByRole('button', { name: 'Sign up' });

describe('RegisterPage', () => {
  it('cannot sign up before the terms are accepted', async () => {
    fakeApi();
    const { user } = renderRegister();
    await fill(user, 'new@example.com', 'tape-reader-2026', 'tape-reader-2026', false);
    expect(signUp()).toBeDisabled();
    await user.click(screen.getByRole('checkbox'));
    expect(signUp()).toBeEnabled();
  });

  it('links the Terms of Service from the checkbox, in a new tab so the form keeps its input', () => {
    fakeApi();
    renderRegister();
    expect(screen.getByRole('checkbox', { name: 'I agree to the Terms of Service' })).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Terms of Service' });
    expect(link).toHaveAttribute('href', '/terms');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('checks the email, then that the passwords match, then their length', async () => {
    const api = fakeApi();
    const { user } = renderRegister();
    await fill(user, 'nope', 'short', 'other');
    await user.click(signUp());
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.invalidEmailRegistration);

    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'new@example.com');
    await user.click(signUp());
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.passwordsDoNotMatch);

    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Confirm password'), 'short');
    await user.click(signUp());
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.passwordTooShort);
    expect(api.calls('POST /api/auth/signup')).toHaveLength(0);
  });

  it('signs up and goes to /verify', async () => {
    const api = fakeApi().on(
      'POST /api/auth/signup',
      ok(signupResponseSchema, { success: true, user: userFixture({ email_verified: false }) }),
    );
    const { user } = renderRegister();
    await fill(user, 'new@example.com', 'tape-reader-2026', 'tape-reader-2026');
    await user.click(signUp());
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/verify'));
    expect(api.calls('POST /api/auth/signup')[0]?.body).toEqual({
      email: 'new@example.com',
      password: 'tape-reader-2026',
    });
  });

  it('shows the spec wording for an address already registered', async () => {
    fakeApi().on('POST /api/auth/signup', fail(409, 'duplicate_account_active'));
    const { user } = renderRegister();
    await fill(user, 'taken@example.com', 'tape-reader-2026', 'tape-reader-2026');
    await user.click(signUp());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      messageFor('signup', { kind: 'api', status: 409, code: 'duplicate_account_active' }),
    );
    expect(screen.getByTestId('location')).toHaveTextContent('/register');
  });
});
