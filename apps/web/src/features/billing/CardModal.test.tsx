import { cardTokenResponseSchema, customerResponseSchema, messages, type PlanOffer } from '@tapeline/core';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CARD,
  localBillingConfig,
  planOffers,
  subscriptionAnswer,
} from '../../test-setup/billingFixtures.ts';
import { type FakeApi, fail, fakeApi, ok } from '../../test-setup/fakeApi.ts';
import { renderUi } from '../../test-setup/render.tsx';
import { signedIn, withSession } from '../../test-setup/session.tsx';
import { billingText } from './billingText.ts';
import { CardModal, type Purchase } from './CardModal.tsx';
import { paymentComplete } from './paymentComplete.ts';

const PRO = planOffers(5).find((plan) => plan.id === 'pro') as PlanOffer;
const TRIAL: Purchase = { plan: PRO, coupon: null, amount: 5900, kind: 'trial' };

function renderModal(
  api: FakeApi,
  purchase: Purchase | null,
  handlers: { onClose?: () => void; onCardSaved?: () => void } = {},
) {
  signedIn(api);
  api.on('GET /api/billing/config', localBillingConfig());
  return renderUi(
    <CardModal
      open
      purchase={purchase}
      onClose={handlers.onClose ?? (() => {})}
      onCardSaved={handlers.onCardSaved}
    />,
    { wrap: withSession },
  );
}

/** Fills the local test-mode card form (the server's provider is 'local'). */
async function fillCard(
  user: ReturnType<typeof renderUi>['user'],
  card = { number: '4242424242424242', expiry: '1239', cvc: '123' },
) {
  await user.type(screen.getByLabelText(billingText.cardNumber), card.number);
  await user.type(screen.getByLabelText(billingText.cardExpiry), card.expiry);
  await user.type(screen.getByLabelText(billingText.cardCvc), card.cvc);
}

const submit = (name: string) => screen.getByRole('button', { name });

afterEach(() => act(() => paymentComplete.hide()));

describe('CardModal', () => {
  it('names the plan and that a trial charges nothing today', async () => {
    renderModal(fakeApi(), TRIAL);
    expect(await screen.findByRole('dialog', { name: billingText.cardTitle })).toBeInTheDocument();
    expect(screen.getByText('Pro')).toBeInTheDocument();
    expect(screen.getByTestId('card-intro')).toHaveTextContent(billingText.cardIntro);
    await waitFor(() => expect(submit('Subscribe for $59.00')).toBeEnabled());
  });

  it('a charge names the price charged today', async () => {
    renderModal(fakeApi(), { ...TRIAL, amount: 5015, kind: 'charge' });
    expect(await screen.findByTestId('card-intro')).toHaveTextContent('You will be charged $50.15 today.');
    await waitFor(() => expect(submit('Subscribe for $50.15')).toBeEnabled());
  });

  it('asks for the name on the card before anything is sent', async () => {
    const api = fakeApi();
    const { user } = renderModal(api, TRIAL);
    await waitFor(() => expect(submit('Subscribe for $59.00')).toBeEnabled());
    await fillCard(user);
    await user.type(screen.getByLabelText(billingText.cardName), '   ');
    await user.click(submit('Subscribe for $59.00'));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.cardNameRequired);
    expect(api.calls('POST /api/billing/local/tokens')).toHaveLength(0);
    expect(api.calls('POST /api/stripe/customer')).toHaveLength(0);
  });

  it('an incomplete card number is refused before tokenizing', async () => {
    const api = fakeApi();
    const { user } = renderModal(api, TRIAL);
    await waitFor(() => expect(submit('Subscribe for $59.00')).toBeEnabled());
    await user.type(screen.getByLabelText(billingText.cardName), 'Jane Trader');
    await fillCard(user, { number: '4242', expiry: '1239', cvc: '123' });
    await user.click(submit('Subscribe for $59.00'));
    expect(await screen.findByRole('alert')).toHaveTextContent(billingText.cardInvalidNumber);
    expect(api.calls('POST /api/billing/local/tokens')).toHaveLength(0);
  });

  it('saves the card, then subscribes to the plan', async () => {
    const api = fakeApi()
      .on('POST /api/billing/local/tokens', ok(cardTokenResponseSchema, { id: 'tok_local_1' }))
      .on('POST /api/stripe/customer', ok(customerResponseSchema, CARD))
      .on('POST /api/stripe/subscription', subscriptionAnswer('pro', 'trialing'));
    const { user } = renderModal(api, TRIAL);
    await waitFor(() => expect(submit('Subscribe for $59.00')).toBeEnabled());
    await user.type(screen.getByLabelText(billingText.cardName), ' Jane Trader ');
    await fillCard(user);
    await user.click(submit('Subscribe for $59.00'));
    await waitFor(() => expect(api.calls('POST /api/stripe/subscription')).toHaveLength(1));
    expect(api.calls('POST /api/billing/local/tokens')[0]?.body).toEqual({
      number: '4242424242424242',
      exp_month: 12,
      exp_year: 2039,
      cvc: '123',
      name: 'Jane Trader',
    });
    expect(api.calls('POST /api/stripe/customer')[0]?.body).toEqual({ token: 'tok_local_1' });
    expect(api.calls('POST /api/stripe/subscription')[0]?.body).toEqual({ plan: 'pro' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the card provider’s decline as is, and does not subscribe', async () => {
    const api = fakeApi()
      .on('POST /api/billing/local/tokens', ok(cardTokenResponseSchema, { id: 'tok_local_2' }))
      .on('POST /api/stripe/customer', fail(402, 'card_error', 'Your card has insufficient funds.'));
    const { user } = renderModal(api, TRIAL);
    await waitFor(() => expect(submit('Subscribe for $59.00')).toBeEnabled());
    await user.type(screen.getByLabelText(billingText.cardName), 'Jane Trader');
    await fillCard(user);
    await user.click(submit('Subscribe for $59.00'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card has insufficient funds.');
    expect(api.calls('POST /api/stripe/subscription')).toHaveLength(0);
  });

  it('any other failure to save the card reads the spec wording', async () => {
    const api = fakeApi()
      .on('POST /api/billing/local/tokens', ok(cardTokenResponseSchema, { id: 'tok_local_3' }))
      .on('POST /api/stripe/customer', fail(500, 'internal'));
    const { user } = renderModal(api, TRIAL);
    await waitFor(() => expect(submit('Subscribe for $59.00')).toBeEnabled());
    await user.type(screen.getByLabelText(billingText.cardName), 'Jane Trader');
    await fillCard(user);
    await user.click(submit('Subscribe for $59.00'));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.paymentMethodFailed);
  });

  it('without a purchase it only saves the card and reports back', async () => {
    const onCardSaved = vi.fn();
    const api = fakeApi()
      .on('POST /api/billing/local/tokens', ok(cardTokenResponseSchema, { id: 'tok_local_4' }))
      .on('POST /api/stripe/customer', ok(customerResponseSchema, CARD));
    const { user } = renderModal(api, null, { onCardSaved });
    expect(await screen.findByText(billingText.cardUpdateIntro)).toBeInTheDocument();
    await waitFor(() => expect(submit(billingText.saveCard)).toBeEnabled());
    await user.type(screen.getByLabelText(billingText.cardName), 'Jane Trader');
    await fillCard(user);
    await user.click(submit(billingText.saveCard));
    await waitFor(() => expect(onCardSaved).toHaveBeenCalledTimes(1));
    expect(api.calls('POST /api/stripe/subscription')).toHaveLength(0);
  });

  it('the close button asks the owner to close', async () => {
    const onClose = vi.fn();
    const { user } = renderModal(fakeApi(), TRIAL, { onClose });
    await waitFor(() => expect(submit('Subscribe for $59.00')).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
