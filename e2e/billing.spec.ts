import { messages } from '@tapeline/core';
import { setRole } from './support/cli.ts';
import {
  cardModal,
  dollars,
  fillCard,
  GOOD_CARD,
  newVerifiedUser,
  PASSWORD,
  payButton,
  planCard,
  priceOf,
  subscribePro,
} from './support/subscriber.ts';
import { expect, test } from './support/test.ts';
import { freshEmail } from './support/users.ts';

const DECLINED_CARD = '4000000000000002';

test('register, verify, choose Pro monthly, pay with 4242 and reach /dashboard', async ({ page }, info) => {
  await newVerifiedUser(page, freshEmail(info, 'payer'));

  // Three plans per billing tab.
  await expect(page.locator('[data-plan-id]')).toHaveCount(3);
  await page.getByRole('tab', { name: 'Annual' }).click();
  await expect(planCard(page, 'pro_annual')).toBeVisible();
  await expect(page.locator('[data-plan-id]')).toHaveCount(3);
  await page.getByRole('tab', { name: 'Monthly' }).click();

  await planCard(page, 'pro').click();
  const price = await priceOf(page, 'pro');
  await expect(payButton(page)).toHaveText(`Subscribe for $${dollars(price)}`);
  await expect(page.getByTestId('trial-note')).toContainText(messages.trialNote);

  await payButton(page).click();
  await expect(cardModal(page).getByLabel('Name on card')).toBeVisible();
  // A first subscription gets the trial, and the card modal says so (the server offered it).
  await expect(cardModal(page).getByTestId('card-intro')).toContainText('when the trial ends');
  // Spec §5: the name is required.
  await cardModal(page)
    .getByRole('button', { name: /^Subscribe for \$/ })
    .click();
  await expect(cardModal(page).getByText(messages.cardNameRequired)).toBeVisible();

  await fillCard(page, GOOD_CARD);
  await cardModal(page)
    .getByRole('button', { name: `Subscribe for $${dollars(price)}` })
    .click();
  const complete = page.getByTestId('payment-complete');
  await expect(complete.getByRole('heading', { name: messages.paymentComplete })).toBeVisible();
  await complete.getByRole('button', { name: 'Go to dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  // The top bar reads the new subscription: a Pro plan shows the PRO badge.
  await expect(page.locator('.tier-badge')).toHaveText('PRO');
  await expect(page.getByText(messages.footer)).toBeVisible();

  // The Payment tab shows the saved card and the trial invoice.
  await page.goto('/profile/payment');
  await expect(page.getByTestId('current-card')).toContainText('4242');
  await expect(page.getByTestId('payment-history')).toContainText('Pro');
});

test('a declined card shows the card provider message; closing the modal clears the plan', async ({
  page,
}, info) => {
  // The plan from /register?plan= is preselected.
  await newVerifiedUser(page, freshEmail(info, 'declined'), 'pro');
  await expect(planCard(page, 'pro')).toHaveClass(/selected/);
  await expect(payButton(page)).toHaveText(/^Subscribe for \$\d+\.\d\d$/);

  await payButton(page).click();
  await fillCard(page, DECLINED_CARD);
  await cardModal(page)
    .getByRole('button', { name: /^Subscribe for \$/ })
    .click();
  await expect(cardModal(page).getByText('Your card was declined.')).toBeVisible();

  await cardModal(page).getByRole('button', { name: 'Close' }).click();
  await expect(cardModal(page)).toBeHidden();
  await expect(payButton(page)).toBeDisabled();
  await expect(planCard(page, 'pro')).not.toHaveClass(/selected/);
  await expect(page).toHaveURL(/\/profile/);
});

test('a coupon changes the amount on the pay button', async ({ page }, info) => {
  await newVerifiedUser(page, freshEmail(info, 'coupon'));
  await planCard(page, 'pro').click();
  const price = await priceOf(page, 'pro');
  const apply = page.getByRole('button', { name: 'Apply', exact: true });

  await apply.click();
  await expect(page.getByText(messages.couponRequired)).toBeVisible();
  await page.getByLabel('Discount code').fill('NOSUCHCODE');
  await apply.click();
  await expect(page.getByText(messages.couponInvalid)).toBeVisible();
  await expect(payButton(page)).toHaveText(`Subscribe for $${dollars(price)}`);

  // TRADER10 is one of the local provider's default coupons: 10% off.
  await page.getByLabel('Discount code').fill('TRADER10');
  await apply.click();
  await expect(page.getByTestId('coupon-applied')).toContainText('10% off');
  const discounted = price - Math.round(price * 0.1);
  await expect(payButton(page)).toHaveText(`Subscribe for $${dollars(discounted)}`);

  await payButton(page).click();
  await expect(
    cardModal(page).getByRole('button', { name: `Subscribe for $${dollars(discounted)}` }),
  ).toBeVisible();
});

test('cancel, then resume, from the Plan tab; monthly ↔ annual of the same tier is offered', async ({
  page,
}, info) => {
  await newVerifiedUser(page, freshEmail(info, 'canceler'));
  await subscribePro(page);

  await page.goto('/profile/plan');
  await expect(page.getByTestId('current-plan')).toContainText('Pro');
  // The current plan is hidden in its own tab only: Pro Annual stays on offer.
  await expect(planCard(page, 'pro')).toHaveCount(0);
  await expect(planCard(page, 'standard')).toBeVisible();
  await page.getByRole('tab', { name: 'Annual' }).click();
  await expect(planCard(page, 'pro_annual')).toBeVisible();
  await expect(page.locator('[data-plan-id]')).toHaveCount(3);
  await page.getByRole('tab', { name: 'Monthly' }).click();

  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  const confirm = page.getByTestId('cancel-modal');
  await expect(confirm.getByRole('heading', { name: 'Cancel your subscription?' })).toBeVisible();
  await confirm.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(page.getByText('Your subscription has been canceled')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel subscription' })).toHaveCount(0);
  // The pill carries the date it ends, never a bare "Active"; no trial is promised any more.
  const pill = page.getByTestId('plan-status');
  await expect(pill).toHaveText(/^Cancels on [A-Z][a-z]{2} \d{1,2}, \d{4}$/);
  await expect(page.getByTestId('trial-note')).not.toContainText(/trial/i);
  await planCard(page, 'standard').click();
  await expect(page.getByTestId('trial-note')).not.toContainText(/trial/i);

  // Cancelled at period end: the plan stays, so the dashboard is still open.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/profile/plan');
  await page.getByRole('button', { name: 'Resume subscription' }).click();
  await expect(page.getByText('Your subscription will continue')).toBeVisible();
  await expect(pill).toHaveText('Trial');
  await expect(page.getByRole('button', { name: 'Cancel subscription' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resume subscription' })).toHaveCount(0);
});

test('an admin toggles chat, mod and VIP for another user', async ({ page, browser }, info) => {
  const adminEmail = freshEmail(info, 'admin');
  await newVerifiedUser(page, adminEmail);
  await subscribePro(page);

  const other = await browser.newPage();
  const otherEmail = freshEmail(info, 'member');
  await newVerifiedUser(other, otherEmail);
  await other.close();

  await setRole(adminEmail, 'admin');
  // A role change ends the user's sessions: sign in again to act with the new role.
  await page.goto('/login');
  await page.getByLabel('Email').fill(adminEmail);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/profile/admin');
  await expect(page.getByRole('link', { name: 'Admin' })).toBeVisible();
  await page.getByPlaceholder('Search by username or email').fill(otherEmail);
  const row = page.locator(`[data-testid="admin-row"][data-email="${otherEmail}"]`);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Trader');

  await row.getByRole('button', { name: /Disable chat/ }).click();
  await expect(page.getByText(messages.adminUpdated)).toBeVisible();
  await expect(row.getByRole('button', { name: /Enable chat/ })).toBeVisible();

  const mod = row.getByRole('switch', { name: /^Moderator:/ });
  await expect(mod).not.toBeChecked();
  await mod.click();
  await expect(mod).toBeChecked();
  await expect(row).toContainText('Moderator');

  // The chat's VIP badge (docs/chat.md "Badges").
  const vip = row.getByRole('switch', { name: /^VIP badge:/ });
  await expect(vip).not.toBeChecked();
  // The whole row fits its box: the VIP switch is not cut off at the right (it was at 1440 px).
  const box = await page.locator('.admin-table-wrap').boundingBox();
  const sw = await row.locator('.mod-toggle').last().boundingBox();
  expect(sw && box && sw.x + sw.width).toBeLessThanOrEqual((box?.x ?? 0) + (box?.width ?? 0));
  await vip.click();
  await expect(vip).toBeChecked();

  await page.getByPlaceholder('Search by username or email').fill('no-such-user-anywhere');
  await expect(page.getByText(messages.noResults)).toBeVisible();
});
