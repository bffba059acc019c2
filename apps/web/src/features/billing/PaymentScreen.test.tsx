import { type Invoice, invoiceListSchema, messages } from '@tapeline/core';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CARD, customerAnswer, localBillingConfig, plansAnswer } from '../../test-setup/billingFixtures.ts';
import { type FakeApi, fail, fakeApi, ok } from '../../test-setup/fakeApi.ts';
import { renderUi } from '../../test-setup/render.tsx';
import { signedIn, withSession } from '../../test-setup/session.tsx';
import { PaymentTab } from '../account/index.ts';
import { billingText } from './billingText.ts';
import { PaymentScreen } from './PaymentScreen.tsx';

const invoice = (id: string, created: number, total: number, status: string, plan: string): Invoice => ({
  id,
  created,
  total,
  status,
  lines: { data: [{ plan: { id: plan } }] },
});

// 1 800 000 000 s is Jan 15, 2027 and 1 797 400 000 s Dec 16, 2026 (UTC).
const HISTORY = [
  invoice('in_2', 1_800_000_000, 5015, 'paid', 'pro'),
  invoice('in_1', 1_797_400_000, 99000, 'open', 'legacy_pro'),
];

function renderPayment(api: FakeApi) {
  signedIn(api);
  api.on('GET /api/stripe/plans', plansAnswer()).on('GET /api/billing/config', localBillingConfig());
  return renderUi(<PaymentScreen />, { at: '/profile/payment', path: '/profile/payment', wrap: withSession });
}

const rows = () => within(screen.getByTestId('payment-history')).getAllByRole('row').slice(1);
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('PaymentScreen', () => {
  it('shows the card on file with its expiry, and Update', async () => {
    const api = fakeApi()
      .on('GET /api/stripe/customer', customerAnswer(CARD))
      .on('GET /api/stripe/history', ok(invoiceListSchema, { data: [] }));
    renderPayment(api);
    const card = await screen.findByTestId('current-card');
    expect(card).toHaveTextContent('Visa');
    expect(card).toHaveTextContent('•••• 4242');
    expect(card).toHaveTextContent(`${billingText.cardExpires} 04/31`);
    expect(screen.getByRole('button', { name: billingText.updateCard })).toBeInTheDocument();
    expect(await screen.findByText(billingText.historyEmpty)).toBeInTheDocument();
  });

  it('without a card says so and offers Add card, which opens the card modal', async () => {
    const api = fakeApi()
      .on('GET /api/stripe/customer', customerAnswer(null))
      .on('GET /api/stripe/history', ok(invoiceListSchema, { data: [] }));
    const { user } = renderPayment(api);
    expect(await screen.findByText(billingText.noCard)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: billingText.addCard }));
    const dialog = await screen.findByRole('dialog', { name: billingText.cardTitle });
    expect(within(dialog).getByText(billingText.cardUpdateIntro)).toBeInTheDocument();
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: billingText.saveCard })).toBeEnabled(),
    );
  });

  it('lists the payment history: date, plan name, amount/100 with two decimals, status', async () => {
    const api = fakeApi()
      .on('GET /api/stripe/customer', customerAnswer(CARD))
      .on('GET /api/stripe/history', ok(invoiceListSchema, { data: HISTORY }));
    renderPayment(api);
    await screen.findByTestId('payment-history');
    await waitFor(() =>
      expect(cells(rows()[0] as HTMLElement)).toEqual(['Jan 15, 2027', 'Pro', '$50.15', 'Paid']),
    );
    // A plan the plans answer does not know is named by its id.
    expect(cells(rows()[1] as HTMLElement)).toEqual(['Dec 16, 2026', 'legacy_pro', '$990.00', 'Open']);
    expect(rows()).toHaveLength(2);
  });

  it('says so when the history cannot be fetched', async () => {
    const api = fakeApi()
      .on('GET /api/stripe/customer', customerAnswer(CARD))
      .on('GET /api/stripe/history', fail(500, 'internal'));
    renderPayment(api);
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.billingHistoryFailed);
    expect(screen.queryByTestId('payment-history')).not.toBeInTheDocument();
  });

  it('is what the profile page’s Payment tab shows', async () => {
    const api = fakeApi()
      .on('GET /api/stripe/customer', customerAnswer(CARD))
      .on('GET /api/stripe/history', ok(invoiceListSchema, { data: [] }));
    signedIn(api);
    api.on('GET /api/stripe/plans', plansAnswer());
    renderUi(<PaymentTab />, { wrap: withSession });
    expect(await screen.findByTestId('current-card')).toHaveTextContent('•••• 4242');
    expect(await screen.findByText(billingText.historyEmpty)).toBeInTheDocument();
  });
});
