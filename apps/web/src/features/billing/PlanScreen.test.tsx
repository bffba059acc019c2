import {
  couponSchema,
  discounted,
  messages,
  type Subscription,
  subscriptionResponseSchema,
} from '@tapeline/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  customerAnswer,
  localBillingConfig,
  plansAnswer,
  subscriptionAnswer,
} from '../../test-setup/billingFixtures.ts';
import { type FakeApi, fail, fakeApi, ok } from '../../test-setup/fakeApi.ts';
import { renderUi } from '../../test-setup/render.tsx';
import { signedIn, subscription, withSession } from '../../test-setup/session.tsx';
import { PlanTab } from '../account/index.ts';
import { billingText } from './billingText.ts';
import { PlanScreen } from './PlanScreen.tsx';
import { paymentComplete } from './paymentComplete.ts';

function renderPlans(api: FakeApi, current: Subscription | null = null) {
  signedIn(api, { subscription: current });
  return renderUi(<PlanScreen />, { at: '/profile/plan', path: '/profile/plan', wrap: withSession });
}

const plan = (name: string) => screen.queryByRole('radio', { name });
const payButton = () => screen.getByTestId('pay-button');
const note = () => screen.getByTestId('trial-note');
const tab = (name: string) => screen.getByRole('tab', { name });

afterEach(() => act(() => paymentComplete.hide()));

describe('PlanScreen', () => {
  it('offers the three monthly plans, and the annual ones on the Annual tab', async () => {
    const api = fakeApi()
      .on('GET /api/stripe/plans', plansAnswer())
      .on('GET /api/stripe/customer', customerAnswer(null));
    const { user } = renderPlans(api);
    expect(await screen.findByRole('radio', { name: 'Standard' })).toBeInTheDocument();
    expect(tab(billingText.monthly)).toHaveAttribute('aria-selected', 'true');
    expect(plan('Pro')).toBeInTheDocument();
    expect(plan('Pro Plus')).toBeInTheDocument();
    expect(plan('Pro Annual')).not.toBeInTheDocument();

    await user.click(tab(billingText.annual));
    expect(tab(billingText.annual)).toHaveAttribute('aria-selected', 'true');
    expect(plan('Standard Annual')).toBeInTheDocument();
    expect(plan('Pro Annual')).toBeInTheDocument();
    expect(plan('Pro Plus Annual')).toBeInTheDocument();
    expect(plan('Pro')).not.toBeInTheDocument();
  });

  it('hides the current plan only in its own tab', async () => {
    const api = fakeApi()
      .on('GET /api/stripe/plans', plansAnswer(0))
      .on('GET /api/stripe/customer', customerAnswer());
    const { user } = renderPlans(api, subscription('pro'));
    expect(await screen.findByRole('radio', { name: 'Standard' })).toBeInTheDocument();
    expect(plan('Pro')).not.toBeInTheDocument();
    expect(plan('Pro Plus')).toBeInTheDocument();
    expect(within(screen.getByTestId('current-plan')).getByText('Pro')).toBeInTheDocument();
    await user.click(tab(billingText.annual));
    expect(plan('Pro Annual')).toBeInTheDocument();
  });

  it('during a trial a plan change says no charge now, the trial continues; the button names no price', async () => {
    const api = fakeApi()
      .on('GET /api/stripe/plans', plansAnswer(0))
      .on('GET /api/stripe/customer', customerAnswer());
    const { user } = renderPlans(api, subscription('standard', { status: 'trialing' }));
    await user.click(await screen.findByRole('radio', { name: 'Pro' }));
    expect(payButton()).toHaveTextContent(billingText.changeNoCharge);
    expect(payButton()).not.toHaveTextContent('$');
    expect(note()).toHaveTextContent(billingText.trialContinues);
    expect(note()).not.toHaveTextContent(/credited/);
  });

  it('a plan change prices in and says the discount the subscription carries', async () => {
    const api = fakeApi()
      .on('GET /api/stripe/plans', plansAnswer(0))
      .on('GET /api/stripe/customer', customerAnswer());
    const { user } = renderPlans(api, subscription('standard', { amount: 2175, percent_off: 25 }));
    await user.click(await screen.findByRole('radio', { name: 'Pro' }));
    // 5900 less the carried 25 % is 4425 cents, what the server stores.
    expect(payButton()).toHaveTextContent('Subscribe for $44.25');
    expect(note()).toHaveTextContent(billingText.discountCarried(25));
  });

  it('promises the trial only when the plans answer offers one', async () => {
    const api = fakeApi()
      .on('GET /api/stripe/plans', plansAnswer(5))
      .on('GET /api/stripe/customer', customerAnswer(null));
    const { user } = renderPlans(api);
    await user.click(await screen.findByRole('radio', { name: 'Pro' }));
    expect(note()).toHaveTextContent(`No charge today, then $59.00 per month ${messages.trialNote}.`);
    expect(payButton()).toHaveTextContent('Subscribe for $59.00');
  });

  it('a returning trader (no trial on offer) reads that the price is charged today', async () => {
    const api = fakeApi()
      .on('GET /api/stripe/plans', plansAnswer(0))
      .on('GET /api/stripe/customer', customerAnswer(null));
    const { user } = renderPlans(api);
    expect(await screen.findByTestId('trial-note')).toHaveTextContent(billingText.noSecondTrial);
    await user.click(screen.getByRole('radio', { name: 'Pro' }));
    expect(note()).toHaveTextContent('You will be charged $59.00 today.');
    expect(note()).not.toHaveTextContent(messages.trialNote);
  });

  it('an applied coupon lowers the price the button and note name', async () => {
    const api = fakeApi()
      .on('GET /api/stripe/plans', plansAnswer(0))
      .on('GET /api/stripe/customer', customerAnswer(null))
      .on(
        'GET /api/stripe/coupon/SPRING15',
        ok(couponSchema, { id: 'SPRING15', name: 'Spring', percent_off: 15 }),
      );
    const { user } = renderPlans(api);
    await user.click(await screen.findByRole('radio', { name: 'Pro Plus' }));
    await user.type(screen.getByLabelText(billingText.couponLabel), 'SPRING15');
    await user.click(screen.getByRole('button', { name: billingText.applyCoupon }));
    expect(await screen.findByText(billingText.couponApplied('SPRING15', 15))).toBeInTheDocument();
    // 9900 less 15% is 8415 cents.
    expect(discounted(9900, 15)).toBe(8415);
    expect(payButton()).toHaveTextContent('Subscribe for $84.15');
    expect(note()).toHaveTextContent('You will be charged $84.15 today.');
  });

  it('without a card on file, pay opens the card modal; closing it clears the plan and coupon', async () => {
    const api = fakeApi()
      .on('GET /api/stripe/plans', plansAnswer())
      .on('GET /api/stripe/customer', customerAnswer(null))
      .on('GET /api/billing/config', localBillingConfig())
      .on(
        'GET /api/stripe/coupon/SPRING15',
        ok(couponSchema, { id: 'SPRING15', name: 'Spring', percent_off: 15 }),
      );
    const { user } = renderPlans(api);
    await user.click(await screen.findByRole('radio', { name: 'Pro' }));
    await user.type(screen.getByLabelText(billingText.couponLabel), 'SPRING15');
    await user.click(screen.getByRole('button', { name: billingText.applyCoupon }));
    await screen.findByText(billingText.couponApplied('SPRING15', 15));
    await waitFor(() => expect(payButton()).toBeEnabled());
    await user.click(payButton());

    const dialog = await screen.findByRole('dialog', { name: billingText.cardTitle });
    expect(within(dialog).getByText('Pro')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Subscribe for $50.15' })).toBeInTheDocument();
    expect(api.calls('POST /api/stripe/subscription')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(plan('Pro')).not.toBeChecked();
    expect(payButton()).toHaveTextContent(billingText.choosePlanFirst);
    expect(payButton()).toBeDisabled();
    expect(screen.getByLabelText(billingText.couponLabel)).toHaveValue('');
    expect(screen.queryByText(billingText.couponApplied('SPRING15', 15))).not.toBeInTheDocument();
  });

  it('with a card on file, pay subscribes at once with the plan and coupon', async () => {
    const api = fakeApi()
      .on('GET /api/stripe/plans', plansAnswer(0))
      .on('GET /api/stripe/customer', customerAnswer())
      .on(
        'GET /api/stripe/coupon/SPRING15',
        ok(couponSchema, { id: 'SPRING15', name: 'Spring', percent_off: 15 }),
      )
      .on('POST /api/stripe/subscription', subscriptionAnswer('standard', 'active'));
    const { user } = renderPlans(api);
    await user.click(await screen.findByRole('radio', { name: 'Standard' }));
    expect(await screen.findByText(/Paying with Visa •••• 4242/)).toBeInTheDocument();
    await user.type(screen.getByLabelText(billingText.couponLabel), 'SPRING15');
    await user.click(screen.getByRole('button', { name: billingText.applyCoupon }));
    await screen.findByText(billingText.couponApplied('SPRING15', 15));
    await user.click(payButton());
    await waitFor(() => expect(api.calls('POST /api/stripe/subscription')).toHaveLength(1));
    expect(api.calls('POST /api/stripe/subscription')[0]?.body).toEqual({
      plan: 'standard',
      coupon: 'SPRING15',
    });
    expect(screen.queryByRole('dialog', { name: billingText.cardTitle })).not.toBeInTheDocument();
  });

  it('shows the card provider’s decline as is when subscribing fails', async () => {
    const api = fakeApi()
      .on('GET /api/stripe/plans', plansAnswer(0))
      .on('GET /api/stripe/customer', customerAnswer())
      .on('POST /api/stripe/subscription', fail(402, 'card_error', 'Your card was declined.'));
    const { user } = renderPlans(api);
    await user.click(await screen.findByRole('radio', { name: 'Pro' }));
    await waitFor(() => expect(payButton()).toBeEnabled());
    await user.click(payButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined.');
  });

  it('cancels the live subscription after confirming', async () => {
    const api = fakeApi()
      .on('GET /api/stripe/plans', plansAnswer(0))
      .on('GET /api/stripe/customer', customerAnswer())
      .on(
        'DELETE /api/stripe/subscription/sub_1',
        ok(
          subscriptionResponseSchema,
          subscription('pro', { canceled_at: 1_790_000_000, cancel_at: 1_800_000_000 }),
        ),
      );
    const { user } = renderPlans(api, subscription('pro'));
    await user.click(await screen.findByRole('button', { name: billingText.cancelSubscription }));
    const dialog = await screen.findByRole('dialog', { name: billingText.cancelConfirmTitle });
    expect(api.calls('DELETE /api/stripe/subscription/sub_1')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: billingText.cancelConfirm }));
    expect(await screen.findByText(billingText.canceledToast)).toBeInTheDocument();
    expect(api.calls('DELETE /api/stripe/subscription/sub_1')).toHaveLength(1);
  });

  it('a failed cancel says so in the spec wording', async () => {
    const api = fakeApi()
      .on('GET /api/stripe/plans', plansAnswer(0))
      .on('GET /api/stripe/customer', customerAnswer())
      .on('DELETE /api/stripe/subscription/sub_1', fail(500, 'internal'));
    const { user } = renderPlans(api, subscription('pro'));
    await user.click(await screen.findByRole('button', { name: billingText.cancelSubscription }));
    const dialog = await screen.findByRole('dialog', { name: billingText.cancelConfirmTitle });
    await user.click(within(dialog).getByRole('button', { name: billingText.cancelConfirm }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(messages.cancelFailed);
  });

  it('a pending cancellation shows its date and can be resumed', async () => {
    const pending = subscription('pro', { canceled_at: 1_790_000_000, cancel_at: 1_800_000_000 });
    const api = fakeApi()
      .on('GET /api/stripe/plans', plansAnswer(0))
      .on('GET /api/stripe/customer', customerAnswer())
      .on('POST /api/stripe/subscription/sub_1/resume', subscriptionAnswer('pro', 'active'));
    const { user } = renderPlans(api, pending);
    // 1 800 000 000 s is Jan 15, 2027 (UTC).
    expect(await screen.findByTestId('plan-status')).toHaveTextContent('Cancels on Jan 15, 2027');
    expect(screen.queryByRole('button', { name: billingText.cancelSubscription })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: billingText.resume }));
    expect(await screen.findByText(billingText.resumedToast)).toBeInTheDocument();
    expect(api.calls('POST /api/stripe/subscription/sub_1/resume')).toHaveLength(1);
  });

  it('says so when the plans cannot be fetched', async () => {
    const api = fakeApi()
      .on('GET /api/stripe/plans', fail(500, 'internal'))
      .on('GET /api/stripe/customer', customerAnswer(null));
    renderPlans(api);
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.plansFailed);
  });

  it('names the current plan by its name, not its id, when the plans cannot be fetched', async () => {
    const api = fakeApi()
      .on('GET /api/stripe/plans', fail(500, 'internal'))
      .on('GET /api/stripe/customer', customerAnswer());
    renderPlans(api, subscription('proplus_annual'));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.plansFailed);
    const current = screen.getByTestId('current-plan');
    expect(within(current).getByText('Pro Plus Annual')).toBeInTheDocument();
    expect(current).not.toHaveTextContent('proplus');
  });

  it('is what the profile page’s Plan tab shows', async () => {
    const api = fakeApi()
      .on('GET /api/stripe/plans', plansAnswer())
      .on('GET /api/stripe/customer', customerAnswer(null));
    signedIn(api);
    renderUi(<PlanTab />, { wrap: withSession });
    expect(await screen.findByRole('radio', { name: 'Standard' })).toBeInTheDocument();
  });
});
