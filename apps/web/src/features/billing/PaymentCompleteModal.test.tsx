import { messages } from '@tapeline/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type FakeApi, fakeApi } from '../../test-setup/fakeApi.ts';
import { renderUi } from '../../test-setup/render.tsx';
import { signedIn, subscription, withSession } from '../../test-setup/session.tsx';
import { billingText } from './billingText.ts';
import { PaymentCompleteModal } from './PaymentCompleteModal.tsx';
import { paymentComplete } from './paymentComplete.ts';

function renderModal(api: FakeApi, plan: string | null) {
  signedIn(api, { subscription: plan ? subscription(plan) : null });
  return renderUi(<PaymentCompleteModal />, { at: '/profile/plan', wrap: withSession });
}

const dialog = () => screen.getByRole('dialog', { name: messages.paymentComplete });

afterEach(() => act(() => paymentComplete.hide()));

describe('PaymentCompleteModal', () => {
  it('stays closed until a payment completes', async () => {
    renderModal(fakeApi(), 'pro');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says what happened: a trial started, a charge, or a plan change', async () => {
    renderModal(fakeApi(), 'pro');
    await waitFor(() => expect(screen.getByTestId('location')).toBeInTheDocument());
    act(() => paymentComplete.show('subscribed'));
    expect(await screen.findByText(billingText.paymentCompleteText)).toBeInTheDocument();
    act(() => paymentComplete.show('charged'));
    expect(within(dialog()).getByText(billingText.paymentCompleteChargedText)).toBeInTheDocument();
    act(() => paymentComplete.show('changed'));
    expect(within(dialog()).getByText(billingText.paymentCompleteChangeText)).toBeInTheDocument();
  });

  it('Go to dashboard closes it and goes there once the subscription is active', async () => {
    const { user } = renderModal(fakeApi(), 'pro');
    await waitFor(() => expect(screen.getByTestId('location')).toBeInTheDocument());
    act(() => paymentComplete.show('subscribed'));
    await user.click(await screen.findByRole('button', { name: billingText.goToDashboard }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks the server again when the session has not yet seen the subscription, and goes when it has', async () => {
    const api = fakeApi();
    const { user } = renderModal(api, null);
    await waitFor(() => expect(api.calls('GET /api/auth/user')).toHaveLength(1));
    act(() => paymentComplete.show('subscribed'));
    // The server now knows of the subscription; the session's copy does not yet.
    signedIn(api, { subscription: subscription('pro') });
    await user.click(await screen.findByRole('button', { name: billingText.goToDashboard }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard'));
    expect(api.calls('GET /api/auth/user').length).toBeGreaterThanOrEqual(2);
  });
});
