import { messages } from '@tapeline/core';
import { waitForMail } from './support/mailbox.ts';
import { expect, type Page, test } from './support/test.ts';
import { freshEmail } from './support/users.ts';

const PASSWORD = 'tape-reader-2026';

async function register(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/register?plan=pro');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  const signUp = page.getByRole('button', { name: 'Sign up' });
  await expect(signUp).toBeDisabled();
  await page.getByRole('checkbox').check();
  await signUp.click();
  await expect(page).toHaveURL(/\/verify$/);
}

async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** The link as the browser would open it: the mail's link, whose base is APP_URL. */
function linkIn(mail: { links: string[] }, pattern: RegExp): string {
  const link = mail.links.find((l) => pattern.test(l));
  if (!link) throw new Error(`no link matching ${pattern} in ${mail.links.join(', ')}`);
  return link;
}

test('register, verify by the mailed link, log in, land on /profile, log out', async ({ page }, info) => {
  const email = freshEmail(info, 'newcomer');
  await register(page, email);
  await expect(page.getByRole('heading', { name: /verify your email/i })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('tapeline.plan'))).toBe('pro');

  const mail = await waitForMail(email, /verify/i);
  await page.goto(linkIn(mail, /\/api\/auth\/verify_email\//));
  // The link confirms on arrival (issue 27 §12).
  await expect(page).toHaveURL(/\/login\?_t=verified$/);
  await expect(page.getByText(messages.emailVerified)).toBeVisible();

  await logIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/profile/);
  await expect(page.getByRole('heading', { name: 'Choose your plan' })).toBeVisible();
  // Without a subscription there is no top bar or footer.
  await expect(page.getByText(messages.footer)).toHaveCount(0);

  await page.getByRole('button', { name: 'Log out' }).first().click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test('an unverified user who logs in is sent to /verify', async ({ page }, info) => {
  const email = freshEmail(info, 'unverified');
  await register(page, email);
  await logIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/verify$/);
});

test('a used verification link leads to /verify?_t=invalid with its error', async ({ page }, info) => {
  const email = freshEmail(info, 'twice');
  await register(page, email);
  const link = linkIn(await waitForMail(email, /verify/i), /\/api\/auth\/verify_email\//);
  await page.goto(link);
  await expect(page).toHaveURL(/\/login\?_t=verified$/);
  await page.goto(link);
  await expect(page).toHaveURL(/\/verify\?_t=invalid$/);
  await expect(page.getByText(messages.verifyLinkInvalid)).toBeVisible();
});

test('forgot password, reset by the mailed link, log in with the new password', async ({ page }, info) => {
  const email = freshEmail(info, 'forgetful');
  await register(page, email);
  await page.goto(linkIn(await waitForMail(email, /verify/i), /verify_email/));

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send instructions' }).click();
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();

  const reset = linkIn(await waitForMail(email, /reset/i), /\/reset-password\?token=/);
  await page.goto(reset);
  const newPassword = 'new-tape-2026!';
  await page.getByLabel('New password').fill(newPassword);
  await page.getByLabel('Confirm password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText(messages.resetSuccess)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 6000 });

  await logIn(page, email, PASSWORD);
  await expect(page.getByText(messages.loginInvalidCredentials)).toBeVisible();
  await logIn(page, email, newPassword);
  await expect(page).toHaveURL(/\/profile/);

  // The link was single use: opening it again ends on the expired-link error.
  await page.getByRole('button', { name: 'Log out' }).first().click();
  await page.goto(reset);
  await page.getByLabel('New password').fill('another-pass-1');
  await page.getByLabel('Confirm password').fill('another-pass-1');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page).toHaveURL(/\/forgot-password\?_t=invalid$/);
  await expect(page.getByText(messages.resetInvalid)).toBeVisible();
});

test('login and signup show the specification wording for their errors', async ({ page }, info) => {
  await logIn(page, freshEmail(info, 'nobody'), PASSWORD);
  await expect(page.getByText(messages.loginInvalidEmail, { exact: true })).toBeVisible();

  await page.goto('/login');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText(messages.loginEmpty)).toBeVisible();

  const email = freshEmail(info, 'dup');
  await register(page, email);
  await page.goto('/register');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill('something-else');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText(messages.passwordsDoNotMatch)).toBeVisible();
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText(messages.signupDuplicatePending)).toBeVisible();
});

test('keep me signed in decides where the session lives', async ({ page, context }, info) => {
  const email = freshEmail(info, 'keeper');
  await register(page, email);
  await page.goto(linkIn(await waitForMail(email, /verify/i), /verify_email/));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Keep me signed in').check();
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/profile/);

  // A new tab shares localStorage: the session is restored there.
  const second = await context.newPage();
  await second.goto('/dashboard');
  await expect(second).toHaveURL(/\/profile/);
});
