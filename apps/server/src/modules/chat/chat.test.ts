import {
  CHAT_EVENTS,
  CHAT_MESSAGE_MAX,
  type ChatMessagesAnswer,
  chatMessagesAnswerSchema,
} from '@tapeline/core';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { users } from '../../platform/db/schema.ts';
import { seedUser } from '../../test/factories.ts';
import { withApp } from '../../test/withApp.ts';
import { chatTab, closeTabs, joined, POST_STEP_MS } from './testing/chatKit.ts';
import { trader } from './testing/people.ts';

// The chat over real HTTP and real socket.io clients on PGlite/Postgres (docs/chat.md): the §7
// routes, posting and what the room hears, votes, and every refusal of a post.

const app = withApp({ mail: 'outbox' });
afterAll(closeTabs);

const history = async (token: string, channel: string, query = '') => {
  const answer = await app.call<ChatMessagesAnswer>('GET', `/api/chat/${channel}/messages${query}`, {
    token,
  });
  expect(answer.status).toBe(200);
  return chatMessagesAnswerSchema.parse(answer.body);
};

describe('GET /api/chat/channels and /messages', () => {
  it('lists the seeded channels in order, general first with its 5 s slow mode', async () => {
    const { token } = await trader(app);
    const answer = await app.call('GET', '/api/chat/channels', { token });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      channels: [
        { id: 'general', label: 'General', slow_mode: 5 },
        { id: 'daytrading', label: 'Day Trading', slow_mode: 0 },
        { id: 'swing', label: 'Swing Trading', slow_mode: 0 },
        { id: 'options', label: 'Options', slow_mode: 0 },
        { id: 'offtopic', label: 'Off Topic', slow_mode: 0 },
      ],
    });
  });

  it('refuses a stranger, a non-subscriber, an unknown channel and bad queries', async () => {
    const { token } = await trader(app);
    const free = await seedUser(app);
    expect((await app.call('GET', '/api/chat/channels')).status).toBe(401);
    expect((await app.call('GET', '/api/chat/channels', { token: free.token })).status).toBe(403);
    expect((await app.call('GET', '/api/chat/nope/messages', { token })).body).toMatchObject({
      error: 'unknown_channel',
    });
    for (const url of [
      '/api/chat/NOPE!/messages',
      '/api/chat/general/messages?p_ts=abc',
      '/api/chat/general/messages?p_ts=-5',
      '/api/chat/general/messages?s=$$$',
    ]) {
      expect((await app.call('GET', url, { token })).status, url).toBe(400);
    }
  });
});

describe('posting', () => {
  it('renders, stores and delivers a message; history shows it with reply, votes and badges', async () => {
    const alice = await trader(app);
    const bob = await trader(app);
    const a = await joined(app, alice.token, 'swing');
    const b = await joined(app, bob.token, 'swing');
    const ack = await a.call(CHAT_EVENTS.send, {
      channel: 'swing',
      msg: `  hi @${bob.name}\n$AAPL <b>x</b> https://e.io  `,
    });
    expect(ack).toMatchObject({ ok: true });
    const { message } = await b.next('message');
    expect(message).toMatchObject({
      channel_id: 'swing',
      vote: 0,
      me_vote: 0,
      reply: null,
      user: {
        id: alice.user.id,
        name: alice.name,
        badges: { service1yr: false, vip: false, modadmin: false },
      },
    });
    expect(message.content).toBe(
      `hi <span class="mention" data-user="${bob.name}">@${bob.name}</span><br />` +
        '<span class="symbol" data-symbol="AAPL">$AAPL</span> &lt;b&gt;x&lt;/b&gt; ' +
        '<a href="https://e.io" rel="noopener noreferrer nofollow" target="_blank">https://e.io</a>',
    );

    // Bob replies and votes; Alice cannot vote on her own.
    app.clock.advance(POST_STEP_MS);
    expect(
      await b.call(CHAT_EVENTS.send, { channel: 'swing', msg: 'agreed', replyMsg: message.id }),
    ).toMatchObject({
      ok: true,
    });
    expect(await b.call(CHAT_EVENTS.vote, { id: message.id, value: 1 })).toEqual({ ok: true });
    expect((await a.next('vote')).vote).toBe(1);
    expect(await a.call(CHAT_EVENTS.vote, { id: message.id, value: 1 })).toMatchObject({
      error: 'own_message',
    });
    expect(await b.call(CHAT_EVENTS.vote, { id: message.id, value: -1 })).toEqual({ ok: true });

    const page = await history(bob.token, 'swing');
    const [reply, first] = page.messages;
    expect(reply?.reply).toMatchObject({ id: message.id, user: { name: alice.name } });
    expect(first).toMatchObject({ id: message.id, vote: -1, me_vote: -1 });
    expect(page.reachedEnd).toBe(true);
    expect((await history(alice.token, 'swing', `?u=@${alice.name.toUpperCase()}`)).messages).toHaveLength(1);
    expect((await history(alice.token, 'swing', '?s=aapl')).messages.map((m) => m.id)).toEqual([message.id]);

    // Figures: Alice posted once and got -1 this month; Bob posted once.
    const [row] = await app.ctx.database.db.select().from(users).where(eq(users.id, alice.user.id));
    expect(row).toMatchObject({ curPosts: 1, totPosts: 1, vibe: -1 });
    // Taking the vote back returns her vibe to 0.
    expect(await b.call(CHAT_EVENTS.vote, { id: message.id, value: 0 })).toEqual({ ok: true });
    const [after] = await app.ctx.database.db.select().from(users).where(eq(users.id, alice.user.id));
    expect(after?.vibe).toBe(0);
  });

  it('refuses each bad post with its code, and the socket stays usable', async () => {
    const me = await trader(app);
    const tab = await joined(app, me.token, 'options');
    const send = (body: Record<string, unknown>) =>
      tab.call(CHAT_EVENTS.send, { channel: 'options', ...body });
    expect(await tab.call(CHAT_EVENTS.send, { v: 1, channel: 'options', msg: 'x' })).toMatchObject({
      error: 'protocol_version',
    });
    expect(await send({ msg: 42 })).toMatchObject({ error: 'bad_request' });
    expect(await send({ msg: 'x', replyMsg: 'one' })).toMatchObject({ error: 'bad_request' });
    expect(await send({ channel: 'nope', msg: 'x' })).toMatchObject({ error: 'unknown_channel' });
    expect(await send({ msg: ' \n ' })).toMatchObject({ error: 'empty', message: 'Type a message first.' });
    expect(await send({ msg: 'x'.repeat(CHAT_MESSAGE_MAX + 1) })).toMatchObject({ error: 'too_long' });
    expect(await send({ msg: 'x'.repeat(100_000) })).toMatchObject({ error: 'bad_request' });
    expect(await send({ msg: 'hello', replyMsg: 999_999_999 })).toMatchObject({ error: 'reply_missing' });
    expect(await send({ msg: 'first' })).toMatchObject({ ok: true });
    expect(await send({ msg: 'first' })).toMatchObject({ error: 'repeated' });
    for (let i = 0; i < 4; i += 1) expect(await send({ msg: `burst ${i}` })).toMatchObject({ ok: true });
    const limited = await send({ msg: 'one too many' });
    expect(limited).toMatchObject({ error: 'rate_limited' });
    app.clock.advance(10_000);
    expect(await send({ msg: 'calm again' })).toMatchObject({ ok: true });
    // Reply across channels is refused too.
    const other = await joined(app, me.token, 'offtopic');
    const [theirs] = (await history(me.token, 'options')).messages;
    app.clock.advance(POST_STEP_MS);
    expect(
      await other.call(CHAT_EVENTS.send, { channel: 'offtopic', msg: 'cross', replyMsg: theirs?.id }),
    ).toMatchObject({ error: 'reply_missing' });
  });

  it('stores a retried send (same clientId) once and answers it with the stored id', async () => {
    const me = await trader(app);
    const other = await trader(app);
    const tab = await joined(app, me.token, 'daytrading');
    const listener = await joined(app, other.token, 'daytrading');
    const send = (body: Record<string, unknown>) =>
      tab.call(CHAT_EVENTS.send, { channel: 'daytrading', ...body });
    const first = await send({ msg: 'lost ack', clientId: 'draft-0001' });
    expect(first).toMatchObject({ ok: true, id: expect.any(Number) });
    // The retry after a lost ack, and two more at once (as from two nodes): the same message.
    app.clock.advance(POST_STEP_MS);
    expect(await send({ msg: 'lost ack', clientId: 'draft-0001' })).toEqual(first);
    const [a, b] = await Promise.all([
      send({ msg: 'twice at once', clientId: 'draft-0002' }),
      send({ msg: 'twice at once', clientId: 'draft-0002' }),
    ]);
    expect(a).toMatchObject({ ok: true });
    expect(b).toEqual(a);
    // Another trader's ids are their own.
    app.clock.advance(POST_STEP_MS);
    const theirs = await listener.call(CHAT_EVENTS.send, {
      channel: 'daytrading',
      msg: 'mine',
      clientId: 'draft-0001',
    });
    expect(theirs).toMatchObject({ ok: true });
    expect((theirs as { id: number }).id).not.toBe((first as { id: number }).id);
    expect(await send({ msg: 'x', clientId: 'no spaces allowed' })).toMatchObject({ error: 'bad_request' });

    const stored = (await history(me.token, 'daytrading')).messages.map((m) => m.content);
    expect(stored.filter((c) => c.includes('lost ack'))).toHaveLength(1);
    expect(stored.filter((c) => c.includes('twice at once'))).toHaveLength(1);
    await listener.next('message', (e) => e.message.content.includes('twice at once'));
    expect(listener.of('message').filter((e) => e.message.content.includes('lost ack'))).toHaveLength(1);
  });

  it('refuses non-subscribers on every event, and read-only users on posts and votes', async () => {
    const free = await seedUser(app);
    const tab = await chatTab(app, free.token);
    expect(await tab.call(CHAT_EVENTS.subscribe, { channel: 'general' })).toMatchObject({
      error: 'subscription_required',
    });
    expect(await tab.call(CHAT_EVENTS.send, { channel: 'general', msg: 'x' })).toMatchObject({
      error: 'subscription_required',
    });
    expect(await tab.call(CHAT_EVENTS.vote, { id: 1, value: 1 })).toMatchObject({
      error: 'subscription_required',
    });

    const muted = await trader(app, { chat: 0 });
    const mutedTab = await joined(app, muted.token, 'daytrading');
    expect(await mutedTab.call(CHAT_EVENTS.send, { channel: 'daytrading', msg: 'x' })).toMatchObject({
      error: 'chat_disabled',
      message: 'Your chat is disabled: you can read but not post.',
    });
    expect(await mutedTab.call(CHAT_EVENTS.vote, { id: 1, value: 1 })).toMatchObject({
      error: 'chat_disabled',
    });
  });

  it('keeps slow mode per channel on the clock, and mods set it', async () => {
    const me = await trader(app);
    const mod = await seedUser(app, { role: 'mod' });
    const tab = await joined(app, me.token, 'general');
    const modTab = await chatTab(app, mod.token);
    expect(await tab.call(CHAT_EVENTS.send, { channel: 'general', msg: 'one' })).toMatchObject({
      ok: true,
    });
    app.clock.advance(2000);
    const refused = await tab.call(CHAT_EVENTS.send, { channel: 'general', msg: 'two' });
    expect(refused).toMatchObject({ ok: false, error: 'slow_mode' });
    const [one] = (await history(me.token, 'general', `?u=${me.name}`)).messages;
    expect(refused.ok === false && refused.retry_at).toBe((one?.created_at ?? 0) + 5000);
    app.clock.advance(3000);
    expect(await tab.call(CHAT_EVENTS.send, { channel: 'general', msg: 'two' })).toMatchObject({
      ok: true,
    });

    expect(await tab.call(CHAT_EVENTS.slowMode, { channel: 'general', seconds: 0 })).toMatchObject({
      error: 'forbidden',
    });
    expect(await modTab.call(CHAT_EVENTS.slowMode, { channel: 'general', seconds: 30 })).toEqual({
      ok: true,
    });
    expect((await tab.next('slow_mode')).seconds).toBe(30);
    app.clock.advance(10_000);
    expect(await tab.call(CHAT_EVENTS.send, { channel: 'general', msg: 'three' })).toMatchObject({
      error: 'slow_mode',
    });
    expect(await modTab.call(CHAT_EVENTS.slowMode, { channel: 'general', seconds: 5 })).toEqual({
      ok: true,
    });
  });
});
