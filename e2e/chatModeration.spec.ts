import { CHAT_EVENTS, messages, refusalMessage } from '@tapeline/core';
import {
  chat,
  chatClient,
  composer,
  newTrader,
  openPopout,
  rowOf,
  rowWith,
  sendFromComposer,
  type Trader,
  tokenOf,
} from './support/chat.ts';
import { setRole } from './support/cli.ts';
import { PASSWORD } from './support/subscriber.ts';
import { expect, type Page, test } from './support/test.ts';

// Moderation on the embedded defaults (issue 14, "Done when"): a mod bans a trader from the
// message's moderation menu; the trader's composer shows the countdown, the server refuses their
// posts, votes and replies, and the ban ends on time. The admin's chat toggle makes a trader
// read-only in the widget (and on the server).

const CHANNEL = 'options'; // no slow mode

/** A role change or a chat toggle ends the user's sessions: sign in again. */
async function logInAgain(trader: Trader): Promise<void> {
  const { page } = trader;
  await page.goto('/login');
  await page.getByLabel('Email').fill(trader.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  trader.token = await tokenOf(page);
}

const banNote = (page: Page) => chat(page).locator('.chat-composer__note');
const refusal = (code: string) => ({ ok: false, error: code });

test('chat moderation: a mod bans from the message menu; refused on the server, counted down', async ({
  page,
  browser,
}, info) => {
  test.setTimeout(300_000);
  const mod = await newTrader(browser, info, 'mod', page);
  const trader = await newTrader(browser, info, 'banned');
  await setRole(mod.email, 'mod');
  await logInAgain(mod);
  const tag = `${info.project.name}-${Date.now().toString(36)}`;

  await openPopout(mod.page, CHANNEL);
  await openPopout(trader.page, CHANNEL);
  await sendFromComposer(mod.page, `mod says hi ${tag}`);
  await sendFromComposer(trader.page, `buy buy buy ${tag}`);
  const modMessage = rowWith(trader.page, `mod says hi ${tag}`);
  await expect(modMessage.locator('.chat-badge--mod')).toBeVisible();
  const modMessageId = Number(await modMessage.getAttribute('data-id'));
  const target = rowWith(mod.page, `buy buy buy ${tag}`);
  await expect(target).toBeVisible();

  // The mod's menu on the trader's message: ban for the shortest preset, with a reason.
  await target.getByRole('button', { name: `Moderate ${trader.name}’s message` }).click();
  await target.getByRole('menuitem', { name: `Ban ${trader.name}…` }).click();
  const dialog = mod.page.getByRole('dialog', { name: `Ban ${trader.name}` });
  await expect(dialog.getByLabel('Ban for')).toHaveValue('10');
  await expect(dialog.getByLabel('Ban for').locator('option')).toHaveText([
    '10 minutes',
    '1 hour',
    '1 day',
    '7 days',
    '30 days',
  ]);
  await dialog.getByLabel('Reason (shown to the user)').fill('pumping');
  await dialog.getByRole('button', { name: 'Ban', exact: true }).click();
  await expect(dialog).toBeHidden();

  // The trader's composer: disabled at once (the ban event), counting down from 10:00, with the
  // reason the mod gave.
  await expect(composer(trader.page)).toBeDisabled();
  await expect(banNote(trader.page)).toHaveText(/^Banned: (10:00|9:[0-5]\d) Reason: pumping$/);
  const shown = await banNote(trader.page).textContent();
  await expect(banNote(trader.page)).not.toHaveText(shown ?? '');
  const own = rowOf(trader.page, modMessageId);
  await expect(own.getByRole('button', { name: 'Vote up' })).toBeDisabled();
  await expect(own.getByRole('button', { name: `Reply to ${mod.name}` })).toBeDisabled();
  const profile = await trader.page.evaluate(async () => {
    const token = localStorage.getItem('tapeline.token') ?? sessionStorage.getItem('tapeline.token');
    return (await fetch('/api/profile', { headers: { Authorization: `Bearer ${token}` } })).json();
  });
  const banEnd = (profile as { ban_exp_at: number }).ban_exp_at * 1000;
  expect(banEnd - Date.now()).toBeGreaterThan(9 * 60_000);
  expect(banEnd - Date.now()).toBeLessThanOrEqual(10 * 60_000 + 1000);

  // The server refuses the trader's posts, votes and replies (not only the widget).
  const socket = await chatClient(trader.token);
  expect(await socket.call(CHAT_EVENTS.send, { channel: CHANNEL, msg: `still here ${tag}` })).toMatchObject(
    refusal('banned'),
  );
  expect(await socket.call(CHAT_EVENTS.vote, { id: modMessageId, value: 1 })).toMatchObject(
    refusal('banned'),
  );
  expect(
    await socket.call(CHAT_EVENTS.send, { channel: CHANNEL, msg: `a reply ${tag}`, replyMsg: modMessageId }),
  ).toMatchObject(refusal('banned'));
  const stored = await mod.page.evaluate(
    async ({ channel, tag }) => {
      const token = localStorage.getItem('tapeline.token') ?? sessionStorage.getItem('tapeline.token');
      const res = await fetch(`/api/chat/${channel}/messages`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      const body = (await res.json()) as { messages: { content: string; vote: number; id: number }[] };
      return {
        posted: body.messages.filter(
          (m) => m.content.includes(`still here ${tag}`) || m.content.includes(`a reply ${tag}`),
        ).length,
        vote: body.messages.find((m) => m.content.includes(`mod says hi ${tag}`))?.vote,
      };
    },
    { channel: CHANNEL, tag },
  );
  expect(stored).toEqual({ posted: 0, vote: 0 });

  // That the ban ends on time is proven where the clock can be moved: the server refuses until
  // ban_exp_at and accepts after (modules/chat/moderation.test.ts), and the widget gives the
  // composer back when its countdown reaches the end (ChatWidget.composer.test.tsx).
  socket.close();
  await trader.context.close();
});

test("chat moderation: the admin's chat toggle makes a trader read-only", async ({ page, browser }, info) => {
  test.setTimeout(240_000);
  const admin = await newTrader(browser, info, 'admin', page);
  const trader = await newTrader(browser, info, 'muted');
  await setRole(admin.email, 'admin');
  await logInAgain(admin);
  const tag = `${info.project.name}-${Date.now().toString(36)}`;

  await openPopout(trader.page, CHANNEL);
  await sendFromComposer(trader.page, `before the toggle ${tag}`);
  await openPopout(admin.page, CHANNEL);
  await sendFromComposer(admin.page, `admin here ${tag}`);
  const adminMessageId = Number(await rowWith(trader.page, `admin here ${tag}`).getAttribute('data-id'));

  // The admin table's chat toggle.
  await admin.page.goto('/profile/admin');
  await admin.page.getByPlaceholder('Search by username or email').fill(trader.email);
  const row = admin.page.locator(`[data-testid="admin-row"][data-email="${trader.email}"]`);
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: /Disable chat/ }).click();
  await expect(admin.page.getByText(messages.adminUpdated)).toBeVisible();
  await expect(row.getByRole('button', { name: /Enable chat/ })).toBeVisible();

  // The toggle keeps the trader's sessions (docs/security.md, issue 28); on the next load the
  // widget reads but cannot post.
  await openPopout(trader.page, CHANNEL);
  await expect(rowWith(trader.page, `before the toggle ${tag}`)).toBeVisible();
  await expect(chat(trader.page).locator('.chat-composer--readonly')).toHaveText(
    refusalMessage('chat_disabled'),
  );
  await expect(composer(trader.page)).toHaveCount(0);
  const adminRow = rowOf(trader.page, adminMessageId);
  await expect(adminRow.getByRole('button', { name: 'Vote up' })).toBeDisabled();
  await expect(adminRow.getByRole('button', { name: `Reply to ${admin.name}` })).toBeDisabled();

  // And the server holds it: posts, replies and votes are refused.
  const socket = await chatClient(trader.token);
  expect(await socket.call(CHAT_EVENTS.subscribe, { channel: CHANNEL })).toMatchObject({ ok: true });
  expect(await socket.call(CHAT_EVENTS.send, { channel: CHANNEL, msg: `muted ${tag}` })).toMatchObject(
    refusal('chat_disabled'),
  );
  expect(
    await socket.call(CHAT_EVENTS.send, {
      channel: CHANNEL,
      msg: `muted reply ${tag}`,
      replyMsg: adminMessageId,
    }),
  ).toMatchObject(refusal('chat_disabled'));
  expect(await socket.call(CHAT_EVENTS.vote, { id: adminMessageId, value: -1 })).toMatchObject(
    refusal('chat_disabled'),
  );
  socket.close();

  // Enabled again: the composer is back after a reload.
  await admin.page.getByPlaceholder('Search by username or email').fill(trader.email);
  await row.getByRole('button', { name: /Enable chat/ }).click();
  await expect(row.getByRole('button', { name: /Disable chat/ })).toBeVisible();
  await trader.page.reload();
  await openPopout(trader.page, CHANNEL);
  await sendFromComposer(trader.page, `after the toggle ${tag}`);
  await expect(rowWith(trader.page, `after the toggle ${tag}`)).toBeVisible();

  await trader.context.close();
});
