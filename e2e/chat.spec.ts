import {
  CHAT_EVENTS,
  CHAT_PAGE_SIZE,
  CHAT_POST_BURST,
  type ChatMessagesAnswer,
  chatMessages,
  PRODUCT_NAME,
} from '@tapeline/core';
import {
  chat,
  chatClient,
  chatLog,
  composer,
  messagesOf,
  newTrader,
  openDashboardChat,
  openPopout,
  pickChannel,
  rowOf,
  rows,
  rowWith,
  sendFromComposer,
  sendPaced,
  socketTrader,
} from './support/chat.ts';
import { listedSymbols, toast } from './support/notifications.ts';
import { expect, type Page, type Response, test } from './support/test.ts';

// Two subscribers in two Chromium contexts on the embedded defaults (issue 14, "Done when"):
// live send with a newline, a mention highlighted for the one mentioned, the typing notice,
// votes (never on one's own message), replies (Escape cancels one), history after a reload,
// symbol and user search, paging up with p_ts to the beginning, and /popout/chat.

const LIVE = 'swing'; // no slow mode (docs/chat.md)
const PAGED = 'daytrading';

/** Responses of the list's GET /api/chat/{channel}/messages, recorded as they come. */
function recordPages(page: Page, channel: string): Response[] {
  const seen: Response[] = [];
  page.on('response', (r) => {
    if (new URL(r.url()).pathname === `/api/chat/${channel}/messages` && r.request().method() === 'GET')
      seen.push(r);
  });
  return seen;
}

test('chat: two subscribers chat live, vote, reply, search, reload and page back to the start', async ({
  page,
  browser,
}, info) => {
  test.setTimeout(300_000);
  const alice = await newTrader(browser, info, 'alice', page);
  const bob = await newTrader(browser, info, 'bob');
  const [symbol] = await listedSymbols(alice.page, 1);
  if (!symbol) throw new Error('no listed symbol');
  const tag = `${info.project.name}-${Date.now().toString(36)}`;

  // Alice on the dashboard's Chat, Bob in the pop-out; both on the same channel.
  await openDashboardChat(alice.page, LIVE);
  await openPopout(bob.page, LIVE);

  // Typing reaches the other side before anything is sent.
  await composer(alice.page).fill(`line one ${tag}`);
  await expect(chat(bob.page).locator('.chat-typing')).toHaveText(`${alice.name} is typing…`);

  // Shift+Enter is a newline, Enter sends; the mention and the symbol are rendered by the server.
  await composer(alice.page).press('Shift+Enter');
  await composer(alice.page).pressSequentially(`line two @${bob.name} $${symbol}`);
  // With the caret in '$SYM' the symbol suggestions show: Enter takes the first, Enter again sends.
  const symbols = chat(alice.page).getByRole('listbox', { name: 'Symbols' });
  await expect(symbols.getByRole('option').first().locator('.chat-suggestions__value')).toHaveText(
    `$${symbol}`,
  );
  await composer(alice.page).press('Enter');
  await expect(symbols).toBeHidden();
  await expect(composer(alice.page)).toHaveValue(`line one ${tag}\nline two @${bob.name} $${symbol} `);
  await composer(alice.page).press('Enter');
  await expect(composer(alice.page)).toHaveValue('');
  const first = rowWith(bob.page, `line one ${tag}`);
  await expect(first).toBeVisible();
  const firstId = Number(await first.getAttribute('data-id'));
  const content = first.locator('.chat-msg__content');
  await expect(content.locator('br')).toHaveCount(1);
  await expect(content).toHaveText(`line one ${tag}line two @${bob.name} $${symbol}`);
  // Typing stops being shown once the typist's message arrives.
  await expect(chat(bob.page).locator('.chat-typing')).toHaveText('');

  // The mention: highlighted in Bob's view (his name), plain in Alice's; Bob gets the toast.
  await expect(first).toHaveClass(/chat-msg--mentions-me/);
  await expect(content.locator('span.mention.mention--me')).toHaveText(`@${bob.name}`);
  await expect(content.locator(`span.symbol[data-symbol="${symbol}"]`)).toHaveText(`$${symbol}`);
  const own = rowOf(alice.page, firstId);
  await expect(own).toBeVisible();
  await expect(own).not.toHaveClass(/chat-msg--mentions-me/);
  await expect(own.locator('span.mention')).not.toHaveClass(/mention--me/);
  await expect(toast(bob.page, chatMessages.mentioned(alice.name, 'Swing Trading'))).toBeVisible();

  // Votes: none on one's own message (no control, and the server refuses it); Bob's reaches Alice.
  await expect(own.getByRole('button', { name: 'Vote up' })).toHaveCount(0);
  await expect(own.getByRole('button', { name: 'Vote down' })).toHaveCount(0);
  const aliceSocket = await chatClient(alice.token);
  const ownVote = await aliceSocket.call(CHAT_EVENTS.vote, { id: firstId, value: 1 });
  expect(ownVote).toMatchObject({ ok: false, error: 'own_message' });
  await first.getByRole('button', { name: 'Vote up' }).click();
  await expect(first.getByRole('button', { name: 'Vote up' })).toHaveAttribute('aria-pressed', 'true');
  await expect(own.locator('.chat-msg__score')).toHaveText('1');
  await expect(first.locator('.chat-msg__score')).toHaveText('1');

  // A reply: the preview names whom it answers; Escape cancels it; the sent reply quotes.
  await first.getByRole('button', { name: `Reply to ${alice.name}` }).click();
  const preview = chat(bob.page).locator('.chat-composer__reply');
  await expect(preview).toHaveText(new RegExp(`Replying to ${alice.name}`));
  await composer(bob.page).press('Escape');
  await expect(preview).toBeHidden();
  await first.getByRole('button', { name: `Reply to ${alice.name}` }).click();
  await expect(preview).toBeVisible();
  await sendFromComposer(bob.page, `reply ${tag} @${alice.name} agreed`);
  await expect(preview).toBeHidden();
  const reply = rowWith(alice.page, `reply ${tag}`);
  await expect(reply).toBeVisible();
  await expect(reply).toHaveClass(/chat-msg--mentions-me/);
  await expect(reply.locator('.chat-msg__quote-name')).toHaveText(alice.name);
  await expect(reply.locator('.chat-msg__quote-content')).toContainText(`line one ${tag}`);
  const replyId = Number(await reply.getAttribute('data-id'));

  // History after a reload: the messages, the reply's quote, the vote and Bob's own vote.
  // (The selected channel is not kept across a reload: the spec does not ask for it.)
  await bob.page.reload();
  await expect(bob.page.getByTestId('popout-chat')).toBeVisible();
  await pickChannel(bob.page, LIVE);
  await expect(chatLog(bob.page).locator('.chat-list__empty')).toHaveCount(0);
  const again = rowOf(bob.page, firstId);
  await expect(again.locator('.chat-msg__score')).toHaveText('1');
  await expect(again.getByRole('button', { name: 'Vote up' })).toHaveAttribute('aria-pressed', 'true');
  await expect(rowOf(bob.page, replyId).locator('.chat-msg__quote-name')).toHaveText(alice.name);
  const served = await messagesOf(bob.page, LIVE);
  const servedFirst = served.messages.find((m) => m.id === firstId);
  expect(servedFirst).toMatchObject({ vote: 1, me_vote: 1, user: { name: alice.name } });
  expect(served.messages.find((m) => m.id === replyId)?.reply?.id).toBe(firstId);

  // Symbol search: only messages linking it; the composer waits while a search is on.
  const search = chat(alice.page).getByRole('combobox', { name: 'Search chat messages' });
  const pages = recordPages(alice.page, LIVE);
  await search.fill(symbol);
  await search.press('Enter');
  await expect.poll(() => pages.some((r) => new URL(r.url()).searchParams.get('s') === symbol)).toBe(true);
  await expect(rowOf(alice.page, firstId)).toBeVisible();
  await expect(rowOf(alice.page, replyId)).toHaveCount(0);
  await expect(composer(alice.page)).toBeDisabled();
  await expect(chat(alice.page).locator('.chat-composer__note')).toHaveText(
    'Clear the search or reply to a message to post.',
  );
  await chat(alice.page).getByRole('button', { name: 'Clear search' }).click();
  await expect(rowOf(alice.page, replyId)).toBeVisible();

  // User search: '@name' lists that user's messages only.
  await search.fill(`@${bob.name}`);
  await search.press('Enter');
  await expect.poll(() => pages.some((r) => new URL(r.url()).searchParams.get('u') === bob.name)).toBe(true);
  await expect(rowOf(alice.page, replyId)).toBeVisible();
  await expect(rowOf(alice.page, firstId)).toHaveCount(0);
  await expect(rows(alice.page).locator('.chat-msg__name')).toHaveText(
    Array((await rows(alice.page).count()) || 1).fill(bob.name),
  );
  await search.press('Escape');
  await expect(rowOf(alice.page, firstId)).toBeVisible();

  // Paging: more than a page in another channel, sent in order over the socket by traders who
  // each post one burst (the post rate is 5 per 10 s per user; nothing waits on it).
  aliceSocket.close();
  const seeded = CHAT_PAGE_SIZE + 6;
  const seeders = await Promise.all(
    Array.from({ length: Math.ceil(seeded / CHAT_POST_BURST) }, (_, k) =>
      socketTrader(alice.page.request, info, `seed${k}`).then((t) => chatClient(t.token)),
    ),
  );
  for (let i = 0; i < seeded; i += 1) {
    const client = seeders[Math.floor(i / CHAT_POST_BURST)];
    const ack = await client?.call(CHAT_EVENTS.send, { channel: PAGED, msg: `page ${tag} #${i}` });
    if (!ack?.ok) throw new Error(`seed ${i} refused: ${ack?.error}`);
  }
  for (const client of seeders) client.close();

  const paged = recordPages(alice.page, PAGED);
  await chat(alice.page).getByRole('tab', { name: 'Day Trading', exact: true }).click();
  await expect(rowWith(alice.page, `page ${tag} #${seeded - 1}`)).toBeVisible();
  await expect(rowWith(alice.page, `page ${tag} #0`)).toHaveCount(0);
  // Scrolled to the top, the list asks for older pages (p_ts) until the server says reachedEnd.
  await expect(async () => {
    const wasAtTop = await chatLog(alice.page).evaluate((el) => {
      const top = el.scrollTop === 0;
      el.scrollTop = 0;
      return top;
    });
    // Already at the top, no scroll event comes: the list's own 'Load older messages' button.
    const older = chatLog(alice.page).getByRole('button', { name: 'Load older messages' });
    if (wasAtTop && (await older.isEnabled().catch(() => false))) await older.click({ timeout: 1000 });
    await expect(chatLog(alice.page).getByText('Beginning of the conversation')).toBeVisible({
      timeout: 1000,
    });
  }).toPass({ timeout: 60_000 });
  await expect(rowWith(alice.page, `page ${tag} #0`)).toHaveCount(1);
  const answers = await Promise.all(
    paged.map(async (r) => ({
      pTs: new URL(r.url()).searchParams.get('p_ts'),
      body: (await r.json()) as ChatMessagesAnswer,
    })),
  );
  expect(answers.length).toBeGreaterThanOrEqual(2);
  expect(answers[0]?.pTs).toBeNull();
  // Each page asked once (a scroll that asks again while a page is on its way does not re-ask).
  const asked = answers.map((a) => a.pTs);
  expect(new Set(asked).size, asked.join(', ')).toBe(asked.length);
  // Each older page starts before the oldest message already shown; only the last reaches the end.
  for (let i = 1; i < answers.length; i += 1) {
    const shownOldest = Math.min(
      ...answers.slice(0, i).flatMap((a) => a.body.messages.map((m) => m.created_at)),
    );
    expect(Number(answers[i]?.pTs)).toBe(shownOldest);
    expect(answers[i]?.body.messages.every((m) => m.created_at < shownOldest)).toBe(true);
  }
  expect(answers.map((a) => a.body.reachedEnd)).toEqual([...answers.map(() => false).slice(1), true]);
  const ids = await rows(alice.page).evaluateAll((els) =>
    els.map((el) => Number(el.getAttribute('data-id'))),
  );
  expect(new Set(ids).size).toBe(ids.length);
  expect(ids).toEqual([...ids].sort((a, b) => a - b));
  const all = answers.reduce((n, a) => n + a.body.messages.length, 0);
  expect(ids.length).toBe(all);

  await bob.context.close();
});

test('chat: /popout/chat shows the widget alone', async ({ page, browser }, info) => {
  test.setTimeout(120_000);
  const trader = await newTrader(browser, info, 'popout', page);
  await openPopout(page, 'general');
  await expect(page).toHaveTitle(`${PRODUCT_NAME} — Chat`);
  const popout = page.getByTestId('popout-chat');
  await expect(popout.locator('.chat-widget')).toHaveCount(1);
  await expect(page.getByTestId('dashboard-grid')).toHaveCount(0);
  await expect(page.locator('section[data-widget]')).toHaveCount(1);
  await expect(page.locator('section[data-widget]')).toHaveAttribute('data-widget', 'chat');
  await expect(popout.getByRole('tablist', { name: 'Chat channels' }).getByRole('tab')).toHaveText([
    'General',
    'Day Trading',
    'Swing Trading',
    'Options',
    'Off Topic',
  ]);
  // It is live: a message sent here comes back into the list.
  const text = `from the pop-out ${trader.name}`;
  await sendFromComposer(page, text);
  await expect(rowWith(page, text)).toBeVisible();
});

test('chat: in a 600 px pop-out the composer and the newest messages are in view', async ({
  page,
  browser,
}, info) => {
  test.setTimeout(90_000);
  // Two traders post five each in Off Topic (no slow mode): more than 600 px of rows.
  const posters = [
    await socketTrader(page.request, info, 'tallA'),
    await socketTrader(page.request, info, 'tallB'),
  ];
  let newest = '';
  for (const poster of posters) {
    const client = await chatClient(poster.token);
    for (let n = 0; n < CHAT_POST_BURST; n += 1) {
      newest = `tall pop-out ${poster.name} ${n}`;
      expect(await sendPaced(client, 'offtopic', newest)).toMatchObject({ ok: true });
    }
    client.close();
  }
  await newTrader(browser, info, 'tall', page);
  await page.setViewportSize({ width: 480, height: 600 });
  await openPopout(page, 'offtopic');
  // The list scrolls inside the window; the window itself does not (it was 790 px tall).
  await expect(rowWith(page, newest)).toBeInViewport();
  await expect(composer(page)).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(600);
});
