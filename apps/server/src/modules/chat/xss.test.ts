import { CHAT_EVENTS, CHAT_REPEAT_WINDOW_MS, chatMessagesAnswerSchema } from '@tapeline/core';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { chatMessages } from '../../platform/db/schema.ts';
import { withApp } from '../../test/withApp.ts';
import { closeTabs, joined } from './testing/chatKit.ts';
import { trader } from './testing/people.ts';
import { XSS_VECTORS } from './testing/xssVectors.ts';

// Every hostile vector of the corpus sent as a chat message through a real socket: what is
// stored, what the room hears and what history serves hold only the allowlisted markup.

const app = withApp({ mail: 'outbox' });
afterAll(closeTabs);

const ALLOWED: Record<string, readonly string[]> = {
  br: [],
  a: ['href', 'rel', 'target'],
  span: ['class', 'data-user', 'data-symbol'],
};
const TAG = /^<(\/?)([a-z0-9]+)((?:\s+[a-z-]+="[^"<>]*")*)\s*\/?>/;
const ATTR = /\s+([a-z-]+)="([^"]*)"/g;

/** Why `html` is not inert chat markup, or null: every '<' must open an allowlisted tag. */
function problem(html: string): string | null {
  if (/<script/i.test(html)) return '<script';
  for (let i = html.indexOf('<'); i !== -1; i = html.indexOf('<', i + 1)) {
    const tag = TAG.exec(html.slice(i));
    if (!tag) return `stray < at ${i}`;
    const [, closing, name = '', attrs = ''] = tag;
    const allowed = ALLOWED[name];
    if (!allowed) return `tag <${name}>`;
    if (closing) continue;
    for (const [, attr = '', value = ''] of attrs.matchAll(ATTR)) {
      if (attr.startsWith('on') || !allowed.includes(attr)) return `attribute ${attr} on <${name}>`;
      if (attr === 'href' && !/^https?:\/\/[^\s]/i.test(value)) return `href ${value}`;
      if (attr === 'class' && value !== 'mention' && value !== 'symbol') return `class ${value}`;
      if (attr === 'rel' && value !== 'noopener noreferrer nofollow') return `rel ${value}`;
      if (attr === 'target' && value !== '_blank') return `target ${value}`;
      if (/javascript:|data:|vbscript:/i.test(value)) return `${attr} ${value}`;
    }
  }
  return null;
}

describe('the XSS corpus', () => {
  it('holds more than 100 distinct vectors', () => {
    expect(XSS_VECTORS.length).toBeGreaterThanOrEqual(100);
  });

  it('the checker itself catches what it must', () => {
    expect(problem('<img src=x onerror=alert(1)>')).toBe('stray < at 0');
    expect(problem('<img src="x">')).toBe('tag <img>');
    expect(problem('<a href="javascript:alert(1)">x</a>')).toBe('href javascript:alert(1)');
    expect(problem('<span class="mention" onclick="y">')).toBe('attribute onclick on <span>');
    expect(
      problem(
        'a &lt;b&gt; <br /> <a href="https://x.io" rel="noopener noreferrer nofollow" target="_blank">x</a>',
      ),
    ).toBeNull();
  });

  it('stores and serves nothing executable for any vector sent through the socket', async () => {
    const attacker = await trader(app);
    const reader = await trader(app);
    const send = await joined(app, attacker.token, 'offtopic');
    const read = await joined(app, reader.token, 'offtopic');
    const ids: number[] = [];
    for (const vector of XSS_VECTORS) {
      // Vectors that differ only in case or width read as one message (`repeated`, compared
      // normalised): each waits the repeat window out.
      app.clock.advance(CHAT_REPEAT_WINDOW_MS + 1);
      const ack = await send.call(CHAT_EVENTS.send, { channel: 'offtopic', msg: vector });
      if (!ack.ok) throw new Error(`refused ${JSON.stringify(vector)}: ${ack.error}`);
      ids.push(ack.id ?? 0);
    }
    const { db } = app.ctx.database;
    const stored = await db.select().from(chatMessages).where(eq(chatMessages.userId, attacker.user.id));
    expect(stored).toHaveLength(XSS_VECTORS.length);
    for (const row of stored) expect(problem(row.content), `${row.text} → ${row.content}`).toBeNull();

    await read.next('message', (e) => e.message.id === ids.at(-1));
    const heard = read.of('message');
    expect(heard).toHaveLength(XSS_VECTORS.length);
    for (const { message } of heard) expect(problem(message.content), message.content).toBeNull();

    let served = 0;
    let query = '';
    for (;;) {
      const page = chatMessagesAnswerSchema.parse(
        (await app.call('GET', `/api/chat/offtopic/messages${query}`, { token: reader.token })).body,
      );
      for (const m of page.messages) expect(problem(m.content), m.content).toBeNull();
      served += page.messages.length;
      if (page.reachedEnd) break;
      query = `?p_ts=${page.messages.at(-1)?.created_at}`;
    }
    expect(served).toBe(XSS_VECTORS.length);
  });
});
