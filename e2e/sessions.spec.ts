import { messages } from '@tapeline/core';
import { watchExtraContext } from './support/cspWatch.ts';
import { waitForMail } from './support/mailbox.ts';
import { newVerifiedUser, PASSWORD, signInSubscriber } from './support/subscriber.ts';
import { expect, type Page, test } from './support/test.ts';
import { freshEmail } from './support/users.ts';

const storedToken = (page: Page) =>
  page.evaluate(() => localStorage.getItem('tapeline.token') ?? sessionStorage.getItem('tapeline.token'));

async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

test('Log out ends the session on the server: the old token is refused afterwards', async ({
  page,
}, info) => {
  const email = freshEmail(info, 'leaver');
  await newVerifiedUser(page, email);
  const token = await storedToken(page);
  expect(token).not.toBeNull();
  await page.getByRole('button', { name: 'Log out', exact: true }).first().click();
  await expect(page).toHaveURL(/\/login$/);
  // Logging out is not an expiry: no notice.
  await expect(page.getByText(messages.sessionExpired)).toHaveCount(0);
  await expect
    .poll(async () =>
      (await page.request.get('/api/auth/user', { headers: { authorization: `Bearer ${token}` } })).status(),
    )
    .toBe(401);
});

test('a session ended elsewhere sends the trader to /login saying why', async ({ page, browser }, info) => {
  const email = freshEmail(info, 'twoplaces');
  await signInSubscriber(page, email);
  // Parked off the app meanwhile: an open dashboard would notice the ended session by itself
  // (its next data-host login is a 401) and show the notice before the check below.
  await page.goto('about:blank');

  // Another browser changes the password: every other session ends.
  const other = await browser.newContext();
  await watchExtraContext(other);
  const laptop = await other.newPage();
  await logIn(laptop, email, PASSWORD);
  await expect(laptop).toHaveURL(/\/dashboard$/);
  await laptop.goto('/profile');
  await laptop.getByLabel('Password', { exact: true }).fill('a-brand-new-pass-2026');
  await laptop.getByLabel('Confirm password').fill('a-brand-new-pass-2026');
  await laptop.getByLabel('Current password').fill(PASSWORD);
  await laptop.getByRole('button', { name: 'Save' }).click();
  await expect(laptop.getByText(messages.profileUpdated)).toBeVisible();
  await other.close();

  // The first browser's next call is a 401: it is logged out and told why.
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(messages.sessionExpired)).toBeVisible();
  await logIn(page, email, 'a-brand-new-pass-2026');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('an email change waits for the new address to confirm, then signs in with it', async ({
  page,
}, info) => {
  const email = freshEmail(info, 'mover');
  const next = freshEmail(info, 'moved');
  await signInSubscriber(page, email);
  await page.goto('/profile');

  const emailField = page.getByLabel('Email');
  await emailField.fill(next);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(messages.currentPasswordRequired)).toBeVisible();
  await page.getByLabel('Current password').fill('not-my-password');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(messages.currentPasswordWrong)).toBeVisible();

  await page.getByLabel('Current password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(messages.emailChangeSent)).toBeVisible();
  await expect(page.getByText(`open the link we sent to ${next}`)).toBeVisible();
  await expect(emailField).toHaveValue(email);
  const notice = await waitForMail(email, /about to change/i);
  expect(notice.text).toContain(next);

  const confirm = await waitForMail(next, /confirm your new/i);
  const link = confirm.links.find((l) => l.includes('/api/auth/verify_email/'));
  if (!link) throw new Error('no confirmation link');
  await page.getByRole('button', { name: 'Log out', exact: true }).first().click();
  await page.goto(link);
  await expect(page).toHaveURL(/\/login\?_t=email_changed$/);
  await expect(page.getByText(messages.emailChanged)).toBeVisible();
  await logIn(page, next, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
});
