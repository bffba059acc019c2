import { CHAT_EVENTS, CHAT_PAGE_SIZE, chatMessagesAnswerSchema } from '@tapeline/core';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { chatMessages, chatUserStats, users } from '../../platform/db/schema.ts';
import { seedUser } from '../../test/factories.ts';
import { withApp } from '../../test/withApp.ts';
import { chatTab, closeTabs, joined, POST_STEP_MS } from './testing/chatKit.ts';
import { trader } from './testing/people.ts';

// Bans, deletes, typing, mentions, paging and the month's figures (docs/chat.md), on the
// harness's clock, with real socket.io clients.

const app = withApp({ mail: 'outbox' });
afterAll(closeTabs);

describe('a mod bans a trader for 10 minutes', () => {
  it('refuses their posts, votes and replies until the ban ends on time, and tells their sockets', async () => {
    const victim = await trader(app);
    const other = await trader(app);
    const mod = await seedUser(app, { role: 'mod' });
    const admin = await seedUser(app, { role: 'admin' });
    const tab = await joined(app, victim.token, 'daytrading');
    const otherTab = await joined(app, other.token, 'daytrading');
    const modTab = await chatTab(app, mod.token);
    expect(await otherTab.call(CHAT_EVENTS.send, { channel: 'daytrading', msg: 'target' })).toMatchObject({
      ok: true,
    });
    const { message } = await tab.next('message');

    expect(await tab.call(CHAT_EVENTS.ban, { user_id: other.user.id, minutes: 10 })).toMatchObject({
      error: 'forbidden',
    });
    expect(await modTab.call(CHAT_EVENTS.ban, { user_id: admin.user.id, minutes: 10 })).toMatchObject({
      error: 'cannot_ban',
    });
    expect(await modTab.call(CHAT_EVENTS.ban, { user_id: mod.user.id, minutes: 10 })).toMatchObject({
      error: 'cannot_ban',
    });
    expect(
      await modTab.call(CHAT_EVENTS.ban, { user_id: '00000000-0000-4000-8000-000000000000', minutes: 10 }),
    ).toMatchObject({ error: 'unknown_user' });
    expect(await modTab.call(CHAT_EVENTS.ban, { user_id: victim.user.id, minutes: -1 })).toMatchObject({
      error: 'bad_request',
    });

    const bannedAt = app.clock.now();
    expect(
      await modTab.call(CHAT_EVENTS.ban, { user_id: victim.user.id, minutes: 10, reason: 'spam' }),
    ).toEqual({ ok: true });
    const event = await tab.next('ban');
    expect(event.reason).toBe('spam');
    expect(Math.abs((event.ban_exp_at ?? 0) - Math.floor((bannedAt + 600_000) / 1000))).toBeLessThanOrEqual(
      1,
    );
    const profile = await app.call<{ ban_exp_at: number }>('GET', '/api/profile', { token: victim.token });
    expect(profile.body.ban_exp_at).toBe(event.ban_exp_at);

    const send = (body: Record<string, unknown>) =>
      tab.call(CHAT_EVENTS.send, { channel: 'daytrading', ...body });
    expect(await send({ msg: 'let me in' })).toMatchObject({ error: 'banned' });
    expect(await send({ msg: 'reply', replyMsg: message.id })).toMatchObject({ error: 'banned' });
    expect(await tab.call(CHAT_EVENTS.vote, { id: message.id, value: 1 })).toMatchObject({ error: 'banned' });
    // Still reads, still signed in: a ban restricts chat, it ends no session (docs/security.md).
    expect((await app.call('GET', '/api/chat/daytrading/messages', { token: victim.token })).status).toBe(
      200,
    );
    expect((await app.call('GET', '/api/auth/user', { token: victim.token })).status).toBe(200);

    app.clock.advance(599_000);
    expect(await send({ msg: 'now?' })).toMatchObject({ error: 'banned' });
    app.clock.advance(1_001);
    expect(await send({ msg: 'back' })).toMatchObject({ ok: true });
    expect(await tab.call(CHAT_EVENTS.vote, { id: message.id, value: 1 })).toEqual({ ok: true });

    // A new ban, then 0 minutes lifts it at once.
    expect(await modTab.call(CHAT_EVENTS.ban, { user_id: victim.user.id, minutes: 60 })).toEqual({
      ok: true,
    });
    app.clock.advance(POST_STEP_MS);
    expect(await send({ msg: 'again' })).toMatchObject({ error: 'banned' });
    expect(await modTab.call(CHAT_EVENTS.ban, { user_id: victim.user.id, minutes: 0 })).toEqual({
      ok: true,
    });
    expect(tab.of('ban').at(-1)?.ban_exp_at).toBeNull();
    expect(await send({ msg: 'again' })).toMatchObject({ ok: true });
  });
});

describe('deleting', () => {
  it('lets mods delete (room hears it, history and votes forget it), not traders', async () => {
    const author = await trader(app);
    const mod = await seedUser(app, { role: 'mod' });
    const tab = await joined(app, author.token, 'swing');
    const modTab = await chatTab(app, mod.token);
    const ack = await tab.call(CHAT_EVENTS.send, { channel: 'swing', msg: 'delete me' });
    const id = ack.ok ? (ack.id ?? 0) : 0;
    expect(await tab.call(CHAT_EVENTS.delete, { id })).toMatchObject({ error: 'forbidden' });
    expect(await modTab.call(CHAT_EVENTS.delete, { id })).toEqual({ ok: true });
    expect(await tab.next('delete')).toMatchObject({ channel_id: 'swing', id });
    expect(await modTab.call(CHAT_EVENTS.delete, { id })).toMatchObject({ error: 'unknown_message' });
    const page = await app.call('GET', '/api/chat/swing/messages', { token: author.token });
    expect(chatMessagesAnswerSchema.parse(page.body).messages.some((m) => m.id === id)).toBe(false);
    const voter = await chatTab(app, (await trader(app)).token);
    expect(await voter.call(CHAT_EVENTS.vote, { id, value: 1 })).toMatchObject({ error: 'unknown_message' });
  });
});

describe('typing', () => {
  it('reaches the others in the room at most once a second per user', async () => {
    const a = await trader(app);
    const b = await trader(app);
    const aTab = await joined(app, a.token, 'options');
    const bTab = await joined(app, b.token, 'options');
    expect(await aTab.call(CHAT_EVENTS.typing, { channel: 'offtopic' })).toMatchObject({
      error: 'not_joined',
    });
    expect(await aTab.call(CHAT_EVENTS.typing, { channel: 'options' })).toEqual({ ok: true });
    expect(await aTab.call(CHAT_EVENTS.typing, { channel: 'options' })).toEqual({ ok: true });
    app.clock.advance(1000);
    expect(await aTab.call(CHAT_EVENTS.typing, { channel: 'options' })).toEqual({ ok: true });
    // A marker message after the typing notices: everything before it has arrived.
    expect(await bTab.call(CHAT_EVENTS.send, { channel: 'options', msg: 'marker' })).toMatchObject({
      ok: true,
    });
    await bTab.next('message');
    expect(bTab.of('typing')).toEqual([
      expect.objectContaining({ channel_id: 'options', user: { id: a.user.id, name: a.name } }),
      expect.objectContaining({ channel_id: 'options', user: { id: a.user.id, name: a.name } }),
    ]);
    expect(aTab.of('typing')).toEqual([]);
  });
});

describe('mentions', () => {
  it('toast the mentioned users whose chat notification is on, never the author', async () => {
    const author = await trader(app);
    const on = await trader(app);
    const off = await trader(app, { chatNotification: false });
    const authorTab = await joined(app, author.token, 'offtopic');
    const onTab = await chatTab(app, on.token);
    const offTab = await chatTab(app, off.token);
    const ack = await authorTab.call(CHAT_EVENTS.send, {
      channel: 'offtopic',
      msg: `@${on.name.toUpperCase()} @${off.name} @${author.name} look`,
    });
    expect(ack.ok).toBe(true);
    const toast = await onTab.next('mention');
    expect(toast).toMatchObject({
      channel_id: 'offtopic',
      from: author.name,
      message: `${author.name} mentioned you in #Off Topic`,
    });
    await authorTab.next('message');
    expect(offTab.of('mention')).toEqual([]);
    expect(authorTab.of('mention')).toEqual([]);
  });
});

describe('paging with p_ts', () => {
  it('walks 120 messages, 50 a page newest first, sharing timestamps, each once, to reachedEnd', async () => {
    const me = await trader(app);
    const base = app.clock.now() - 1_000_000;
    // Pairs share a millisecond so that page boundaries fall inside ties.
    const rows = Array.from({ length: 120 }, (_, i) => ({
      channelId: 'options',
      userId: me.user.id,
      text: `m${i}`,
      content: `m${i}`,
      createdAt: new Date(base + Math.floor(i / 2) * 1000),
    }));
    const { db } = app.ctx.database;
    await db.delete(chatMessages).where(eq(chatMessages.channelId, 'options'));
    await db.insert(chatMessages).values(rows);
    const seen: string[] = [];
    let query = '';
    let pages = 0;
    for (;;) {
      const answer = await app.call('GET', `/api/chat/options/messages${query}`, { token: me.token });
      const page = chatMessagesAnswerSchema.parse(answer.body);
      pages += 1;
      expect(page.messages.length).toBeGreaterThanOrEqual(Math.min(CHAT_PAGE_SIZE, 120 - seen.length));
      seen.push(...page.messages.map((m) => m.content));
      const times = page.messages.map((m) => m.created_at);
      expect([...times].sort((x, y) => y - x)).toEqual(times);
      if (page.reachedEnd) break;
      query = `?p_ts=${times.at(-1)}`;
    }
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(120);
    expect(seen.length).toBe(120);
  });
});

describe('the month turns', () => {
  it('zeroes cur_posts and vibe of users with no posts or votes yet this month, keeps tot_posts', async () => {
    const me = await trader(app);
    const tab = await joined(app, me.token, 'swing');
    app.clock.advance(POST_STEP_MS);
    expect(await tab.call(CHAT_EVENTS.send, { channel: 'swing', msg: 'this month' })).toMatchObject({
      ok: true,
    });
    const { db } = app.ctx.database;
    await app.app.chat.sweepMonth();
    expect((await db.select().from(users).where(eq(users.id, me.user.id)))[0]).toMatchObject({ curPosts: 1 });
    await db.delete(chatUserStats).where(eq(chatUserStats.userId, me.user.id));
    await app.app.chat.sweepMonth();
    expect((await db.select().from(users).where(eq(users.id, me.user.id)))[0]).toMatchObject({
      curPosts: 0,
      vibe: 0,
      totPosts: 1,
    });
  });
});
