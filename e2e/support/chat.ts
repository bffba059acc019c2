import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  expect,
  type Locator,
  type Page,
  type TestInfo,
} from '@playwright/test';
import {
  CHAT_EVENTS,
  CHAT_POST_BURST,
  CHAT_POST_WINDOW_MS,
  type ChatEvent,
  type ChatMessage,
  type ChatMessagesAnswer,
  chatEventSchema,
  PROTOCOL_VERSION,
  type SocketAck,
} from '@tapeline/core';
import { io, type Socket } from 'socket.io-client';
import { E2E_PORT } from '../playwright.config.ts';
import { apiAs } from './api.ts';
import { watchExtraContext } from './cspWatch.ts';
import { cell, dashboardReady, toggle } from './dashboard.ts';
import { apiSubscriber, useToken } from './subscriber.ts';
import { freshEmail } from './users.ts';

/** The one socket ack (core socketProtocol.ts); a served chat_send carries its message's id. */
export type ChatAck = SocketAck<{ id?: number }>;

// Shared steps of the chat specs: subscribers with a username in their own browser context, the
// Chat widget on the dashboard or in /popout/chat, and a raw socket.io client on a trader's token.

export interface Trader {
  context: BrowserContext;
  page: Page;
  email: string;
  /** The chat username (mentions, the u search). */
  name: string;
  id: string;
  token: string;
}

let serial = 0;

/** A short username unique across runs and projects: letters and digits, ≤ 20 characters. */
function username(label: string, info: TestInfo): string {
  serial += 1;
  const stamp = (Date.now() % 1e9).toString(36);
  return `${label.slice(0, 5)}${info.project.name.slice(0, 1)}${stamp}${serial}`;
}

/** POST /api/profile (multipart) with a username, as the profile form sends it. */
async function saveUsername(page: Page, name: string): Promise<void> {
  const status = await page.evaluate(async (username) => {
    const token = localStorage.getItem('tapeline.token') ?? sessionStorage.getItem('tapeline.token');
    const form = new FormData();
    form.set('username', username);
    form.set('notification', 'true');
    const res = await fetch('/api/profile', {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body: form,
    });
    return res.status;
  }, name);
  expect(status).toBe(200);
}

/** The page's session token, as the app stored it. */
export const tokenOf = (page: Page): Promise<string> =>
  page.evaluate(
    () => localStorage.getItem('tapeline.token') ?? sessionStorage.getItem('tapeline.token') ?? '',
  );

/**
 * A verified Pro subscriber with a username, signed in on `page` (a new context of the project's
 * viewport when none is given).
 */
export async function newTrader(
  browser: Browser,
  info: TestInfo,
  label: string,
  page?: Page,
): Promise<Trader> {
  let own = page;
  if (!own) {
    const { viewport, isMobile, hasTouch } = info.project.use;
    const context = await browser.newContext({
      baseURL: `http://127.0.0.1:${E2E_PORT}`,
      viewport,
      isMobile,
      hasTouch,
    });
    await watchExtraContext(context);
    own = await context.newPage();
  }
  const email = freshEmail(info, label);
  // Signed in through the API, no page drawn yet: the caller opens the chat where it needs it.
  const token = await apiSubscriber(own.request, email);
  await useToken(own, token);
  const name = username(label, info);
  await saveUsername(own, name);
  const me = await apiAs<{ user: { id: string } }>(own, 'GET', '/api/auth/user');
  expect(me.status).toBe(200);
  return { context: own.context(), page: own, email, name, id: me.body.user.id, token };
}

/**
 * A verified Pro subscriber with a username and no browser at all: for raw socket.io clients
 * (chatClient) that only post.
 */
export async function socketTrader(
  request: APIRequestContext,
  info: TestInfo,
  label: string,
): Promise<Omit<Trader, 'context' | 'page'>> {
  const email = freshEmail(info, label);
  const token = await apiSubscriber(request, email);
  const name = username(label, info);
  const headers = { Authorization: `Bearer ${token}` };
  const saved = await request.post('/api/profile', {
    headers,
    multipart: { username: name, notification: 'true' },
  });
  expect(saved.status()).toBe(200);
  const me = await request.get('/api/auth/user', { headers });
  expect(me.status()).toBe(200);
  const { user } = (await me.json()) as { user: { id: string } };
  return { email, name, id: user.id, token };
}

/** The Chat widget's root (dashboard cell or pop-out). */
export const chat = (page: Page): Locator => page.locator('.chat-widget').first();
export const composer = (page: Page): Locator => chat(page).getByRole('textbox', { name: 'Message' });
export const chatLog = (page: Page): Locator => chat(page).getByRole('log', { name: 'Chat messages' });
export const rows = (page: Page): Locator => chatLog(page).locator('li.chat-msg');
export const rowOf = (page: Page, id: number): Locator =>
  chatLog(page).locator(`li.chat-msg[data-id="${id}"]`);
export const rowWith = (page: Page, text: string): Locator =>
  rows(page).filter({ has: page.locator('.chat-msg__content', { hasText: text }) });

/** The widget alone in /popout/chat, on a channel, its first page loaded. */
export async function openPopout(page: Page, channel?: string): Promise<void> {
  await page.goto('/popout/chat');
  await expect(page.getByTestId('popout-chat')).toBeVisible({ timeout: 15_000 });
  if (channel) await pickChannel(page, channel);
  await listLoaded(page);
}

/** The Chat widget on the dashboard (drawn if the layout hides it), on a channel. */
export async function openDashboardChat(page: Page, channel?: string): Promise<void> {
  await page.goto('/dashboard');
  await dashboardReady(page);
  if (!(await cell(page, 'chat').isVisible())) await toggle(page, 'CHAT').click();
  await cell(page, 'chat').scrollIntoViewIfNeeded();
  if (channel) await pickChannel(page, channel);
  await listLoaded(page);
}

export async function pickChannel(page: Page, channel: string): Promise<void> {
  await chat(page)
    .getByRole('tablist', { name: 'Chat channels' })
    .getByRole('tab', { name: labelOf(channel), exact: true })
    .click();
  await expect(chat(page)).toHaveAttribute('data-channel', channel);
}

const LABELS: Record<string, string> = {
  general: 'General',
  daytrading: 'Day Trading',
  swing: 'Swing Trading',
  options: 'Options',
  offtopic: 'Off Topic',
};
const labelOf = (channel: string) => LABELS[channel] ?? channel;

/** The list is drawn (messages or the empty note), the spinner gone. */
export async function listLoaded(page: Page): Promise<void> {
  await expect(chatLog(page)).toBeVisible({ timeout: 15_000 });
}

/** Types and sends with Enter; resolves once the server's echo is in the list. */
export async function sendFromComposer(page: Page, text: string): Promise<Locator> {
  const box = composer(page);
  await expect(box).toBeEnabled();
  await box.fill(text);
  await box.press('Enter');
  await expect(box).toHaveValue('', { timeout: 10_000 });
  return rows(page).last();
}

/** GET /api/chat/{channel}/messages as the page's trader. */
export async function messagesOf(page: Page, channel: string, query = ''): Promise<ChatMessagesAnswer> {
  const { status, body } = await apiAs<ChatMessagesAnswer>(
    page,
    'GET',
    `/api/chat/${channel}/messages${query}`,
  );
  expect(status).toBe(200);
  return body;
}

/** A raw socket.io tab on a trader's token: every `chat` event recorded, calls answered by ack. */
export interface ChatClient {
  socket: Socket;
  events: ChatEvent[];
  call(event: string, body: Record<string, unknown>): Promise<ChatAck>;
  close(): void;
}

export async function chatClient(token: string): Promise<ChatClient> {
  const socket = io(`http://127.0.0.1:${E2E_PORT}`, {
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const events: ChatEvent[] = [];
  // One frame may carry several events (a room's events of one server turn).
  socket.on(CHAT_EVENTS.update, (...frame: unknown[]) => {
    for (const event of frame) events.push(chatEventSchema.parse(event));
  });
  return {
    socket,
    events,
    call: async (event, body) =>
      (await socket.timeout(10_000).emitWithAck(event, { v: PROTOCOL_VERSION, ...body })) as ChatAck,
    close: () => socket.close(),
  };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends `msg` within the post rate (5 per 10 s per user): a `rate_limited` refusal names when
 * the window frees (`retry_at`, server time), so the client waits that long and sends again.
 */
export async function sendPaced(
  client: ChatClient,
  channel: string,
  msg: string,
  replyMsg?: number,
): Promise<ChatAck> {
  for (let attempt = 0; attempt < CHAT_POST_BURST + 2; attempt += 1) {
    const ack = await client.call(CHAT_EVENTS.send, { channel, msg, ...(replyMsg ? { replyMsg } : {}) });
    if (ack.ok || ack.error !== 'rate_limited') return ack;
    const retryIn = ack.retry_at === undefined ? CHAT_POST_WINDOW_MS : ack.retry_at - Date.now();
    await wait(Math.min(CHAT_POST_WINDOW_MS, Math.max(50, retryIn + 50)));
  }
  throw new Error(`still rate limited sending ${JSON.stringify(msg)}`);
}

/** Every message of one user in a channel, served page by page (u, then p_ts) to reachedEnd. */
export async function allMessagesBy(page: Page, channel: string, name: string): Promise<ChatMessage[]> {
  const all: ChatMessage[] = [];
  for (let pTs: number | null = null; ; ) {
    const query = `?u=${encodeURIComponent(name)}${pTs === null ? '' : `&p_ts=${pTs}`}`;
    const answer = await messagesOf(page, channel, query);
    all.push(...answer.messages);
    if (answer.reachedEnd || answer.messages.length === 0) return all;
    pTs = Math.min(...answer.messages.map((m) => m.created_at));
  }
}
