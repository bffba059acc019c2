import { CHAT_POST_BURST } from '@tapeline/core';
import { XSS_VECTORS } from '../apps/server/src/modules/chat/testing/xssVectors.ts';
import {
  allMessagesBy,
  chatClient,
  chatLog,
  composer,
  newTrader,
  openPopout,
  rowOf,
  rows,
  sendPaced,
  socketTrader,
  type Trader,
} from './support/chat.ts';
import { expect, type Page, test } from './support/test.ts';

type Sender = Pick<Trader, 'name' | 'token'>;

import { watchCsp } from './support/cspWatch.ts';

// The XSS corpus (≥ 100 vectors, DOMPurify/cure53 style; apps/server/.../testing/xssVectors.ts)
// against a real reader: a sample typed into the composer, every vector sent over a raw
// socket.io client. The reader's Chromium has the channel open the whole time, with alert and
// friends hooked, dialogs and CSP violations watched: nothing may fire, the rendered messages
// hold only the allowlist, and what the server stores and serves is allowlisted markup.

const CHANNEL = 'offtopic'; // no slow mode
// Each sender posts one burst (5 per 10 s per user), so the corpus goes out without waiting on
// the post rate: 26 socket-only traders for 128 vectors.
const SOCKET_SENDERS = Math.ceil(XSS_VECTORS.length / CHAT_POST_BURST);

declare global {
  interface Window {
    __xss: number;
  }
}

/** Every script-reachable sink the corpus aims at bumps `window.__xss` (and still runs). */
async function hookSinks(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.__xss = 0;
    for (const name of ['alert', 'confirm', 'prompt', 'print'] as const) {
      const original = window[name] as (...args: unknown[]) => unknown;
      (window as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => {
        window.__xss += 1;
        return original.apply(window, args);
      };
    }
  });
}

/**
 * Why an HTML fragment is not inert chat markup, or null. Parsed in a <template> (inert: nothing
 * loads or runs), every element must be br, a[href rel target] with an http(s) href, or
 * span[class=mention|symbol, data-user, data-symbol].
 */
function problemsIn(page: Page, fragments: string[]): Promise<(string | null)[]> {
  return page.evaluate((htmls) => {
    const allowed: Record<string, string[]> = {
      BR: [],
      A: ['href', 'rel', 'target'],
      SPAN: ['class', 'data-user', 'data-symbol'],
    };
    return htmls.map((html) => {
      const box = document.createElement('template');
      box.innerHTML = html;
      for (const el of Array.from(box.content.querySelectorAll('*'))) {
        const ok = allowed[el.tagName];
        if (!ok) return `<${el.tagName.toLowerCase()}>`;
        for (const attr of Array.from(el.attributes)) {
          if (!ok.includes(attr.name)) return `${el.tagName.toLowerCase()}[${attr.name}]`;
          if (/^\s*(javascript|data|vbscript):/i.test(attr.value)) return `${attr.name}=${attr.value}`;
        }
        if (el.tagName === 'A' && !/^https?:\/\//i.test(el.getAttribute('href') ?? '')) return 'href';
        if (el.tagName === 'SPAN' && !['mention', 'symbol'].includes(el.getAttribute('class') ?? ''))
          return `class=${el.getAttribute('class')}`;
      }
      return null;
    });
  }, fragments);
}

/** What the reader's page rendered in the chat list: any element, attribute or URL off the allowlist. */
function renderedProblems(page: Page): Promise<string[]> {
  return chatLog(page).evaluate((log) => {
    const found: string[] = [];
    for (const el of Array.from(
      log.querySelectorAll('script, iframe, object, embed, img, svg, math, style, form, base, meta, link'),
    ))
      found.push(`<${el.tagName.toLowerCase()}> in ${el.closest('li')?.getAttribute('data-id')}`);
    for (const body of Array.from(log.querySelectorAll('.chat-msg__content, .chat-msg__quote-content'))) {
      for (const el of Array.from(body.querySelectorAll('*'))) {
        if (!['BR', 'A', 'SPAN'].includes(el.tagName)) found.push(`<${el.tagName.toLowerCase()}>`);
        for (const attr of Array.from(el.attributes)) {
          if (attr.name.startsWith('on')) found.push(`${attr.name} on <${el.tagName.toLowerCase()}>`);
          if (/^\s*(javascript|data|vbscript):/i.test(attr.value)) found.push(`${attr.name}=${attr.value}`);
        }
        if (el.tagName === 'A' && !/^https?:\/\//i.test(el.getAttribute('href') ?? ''))
          found.push(`href ${el.getAttribute('href')}`);
      }
    }
    // Anywhere on the page: no inline handler attribute (React never writes one).
    for (const el of Array.from(document.querySelectorAll('*')))
      for (const attr of Array.from(el.attributes))
        if (attr.name.startsWith('on')) found.push(`${attr.name} anywhere`);
    return found;
  });
}

/** One burst of composer sends, spread over the corpus's families, without control characters. */
function composerSample(): string[] {
  // Control characters cannot be typed (the renderer drops them; the socket run sends them).
  const typeable = XSS_VECTORS.filter((v) =>
    [...v].every((c) => {
      const code = c.charCodeAt(0);
      return code === 10 || code === 13 || (code >= 32 && code !== 127);
    }),
  );
  const step = Math.floor(typeable.length / CHAT_POST_BURST);
  return typeable.filter((_, i) => i % step === 0).slice(0, CHAT_POST_BURST);
}

/** Types a vector and clicks Send; waits for the echo. */
async function sendTyped(page: Page, text: string): Promise<void> {
  // A trailing space (trimmed on send) keeps the caret out of any @/$ token: no suggestion list.
  await composer(page).fill(`${text} `);
  await page.locator('.chat-widget .chat-composer__send').click();
  await expect(composer(page)).toHaveValue('', { timeout: 10_000 });
}

test('chat XSS: the corpus through the composer and the socket fires nothing in the reader and stores nothing executable', async ({
  page,
  browser,
}, info) => {
  test.setTimeout(180_000);
  // The reader: hooks first, then the channel open for the whole run.
  await hookSinks(page);
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  const offsite: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.hostname !== '127.0.0.1' && url.protocol !== 'data:' && url.protocol !== 'blob:')
      offsite.push(request.url());
  });
  const csp = watchCsp(page);
  const reader = await newTrader(browser, info, 'reader', page);
  const typist = await newTrader(browser, info, 'typist');
  await hookSinks(typist.page);
  const senders: Sender[] = [];
  for (let i = 0; i < SOCKET_SENDERS; i += 6)
    senders.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(6, SOCKET_SENDERS - i) }, (_, k) =>
          socketTrader(page.request, info, `xss${i + k}`),
        ),
      )),
    );
  await openPopout(reader.page, CHANNEL);
  await openPopout(typist.page, CHANNEL);

  // Composer: one burst of varied vectors, typed and sent as a trader would.
  const sample = composerSample();
  expect(sample.length).toBe(CHAT_POST_BURST);
  const typed = (async () => {
    for (const vector of sample) await sendTyped(typist.page, vector);
  })();

  // Socket: every vector, shared among the senders, each paced by the server's retry_at.
  const clients = await Promise.all(senders.map((s) => chatClient(s.token)));
  const ids: number[] = [];
  await Promise.all(
    clients.map(async (client, n) => {
      for (let i = n; i < XSS_VECTORS.length; i += clients.length) {
        const vector = XSS_VECTORS[i] as string;
        const ack = await sendPaced(client, CHANNEL, vector);
        if (!ack.ok) throw new Error(`refused ${JSON.stringify(vector)}: ${ack.error}`);
        ids.push(ack.id ?? 0);
      }
    }),
  );
  await typed;
  for (const client of clients) client.close();
  expect(ids).toHaveLength(XSS_VECTORS.length);

  // The reader saw every one arrive live, as text.
  for (const id of ids) await expect(rowOf(reader.page, id)).toHaveCount(1);
  for (const vector of sample) {
    await expect(
      rows(reader.page).filter({
        has: reader.page.locator('.chat-msg__content', { hasText: vector.trim() }),
      }),
    ).not.toHaveCount(0);
  }
  const printable = XSS_VECTORS.map((v, i) => ({ v, i })).filter(({ v }) => /^[\x20-\x7e]+$/.test(v));
  const shownTexts = await rows(reader.page)
    .locator('.chat-msg__content')
    .evaluateAll((els) => els.map((el) => el.textContent ?? ''));
  for (const { v } of printable) expect(shownTexts, `shown as text: ${v}`).toContain(v.trim());

  // Every pointer event the onmouseover/onpointerenter vectors wait for, on every element of
  // every message, before judging (one real hover too).
  await rows(reader.page).locator('.chat-msg__content').first().hover();
  await chatLog(reader.page).evaluate((log) => {
    for (const el of Array.from(log.querySelectorAll('.chat-msg__content, .chat-msg__content *')))
      for (const type of ['pointerover', 'pointerenter', 'mouseover', 'mouseenter', 'mousemove', 'focus'])
        el.dispatchEvent(new Event(type, { bubbles: type !== 'mouseenter' && type !== 'pointerenter' }));
  });

  expect(await renderedProblems(reader.page)).toEqual([]);
  expect(await reader.page.evaluate(() => window.__xss)).toBe(0);
  expect(await typist.page.evaluate(() => window.__xss)).toBe(0);
  expect(dialogs).toEqual([]);
  expect(csp).toEqual([]);
  expect(offsite).toEqual([]);

  // Stored and served: every message of every sender holds allowlisted markup only.
  const expected = new Map<Sender, number>([[typist, sample.length]]);
  for (const [n, sender] of senders.entries())
    expected.set(sender, Math.ceil((XSS_VECTORS.length - n) / senders.length));
  for (const [trader, count] of expected) {
    const served = await allMessagesBy(reader.page, CHANNEL, trader.name);
    expect(served).toHaveLength(count);
    const problems = await problemsIn(
      reader.page,
      served.flatMap((m) => [m.content, m.reply?.content ?? '']),
    );
    const bad = served.filter((_, i) => problems[i * 2] !== null || problems[i * 2 + 1] !== null);
    expect(bad.map((m) => m.content)).toEqual([]);
  }

  // A reload renders them from history the same way: nothing fires.
  await reader.page.reload();
  await openPopout(reader.page, CHANNEL);
  await expect(rows(reader.page).first()).toBeVisible();
  expect(await renderedProblems(reader.page)).toEqual([]);
  expect(await reader.page.evaluate(() => window.__xss)).toBe(0);
  expect(dialogs).toEqual([]);
  expect(csp).toEqual([]);

  await typist.context.close();
});
