import { randomBytes } from 'node:crypto';
import { CHAT_EVENTS } from '@tapeline/core';
import { afterAll, describe, expect, it } from 'vitest';
import { seedUser } from '../../test/factories.ts';
import { withApp } from '../../test/withApp.ts';
import { chatTab, closeTabs, joined } from './testing/chatKit.ts';
import { trader } from './testing/people.ts';

// Two server nodes, one Postgres/PGlite, one Redis (the socket.io Redis adapter): what is posted,
// voted, deleted or banned on node A reaches the sockets on node B.

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const env = { REDIS_URL, JWT_SECRET: randomBytes(32).toString('hex') };
const nodeA = withApp({ mail: 'outbox', env });
const nodeB = withApp(() => ({ mail: 'outbox', env, shareDatabaseWith: nodeA }));
afterAll(closeTabs);

describe('chat across two nodes', () => {
  it('delivers a message, a vote, a delete and a ban posted on node A to a client on node B', async () => {
    const alice = await trader(nodeA);
    const bob = await trader(nodeA);
    const mod = await seedUser(nodeA, { role: 'mod' });
    const onB = await joined(nodeB, bob.token, 'daytrading');
    const onA = await joined(nodeA, alice.token, 'daytrading');
    const modOnA = await chatTab(nodeA, mod.token);
    // The adapter's subscriptions are in place once a broadcast from A is heard on B.
    const ack = await onA.call(CHAT_EVENTS.send, { channel: 'daytrading', msg: 'from node A' });
    expect(ack.ok).toBe(true);
    const { message } = await onB.next('message');
    expect(message.content).toBe('from node A');

    expect(await onB.call(CHAT_EVENTS.vote, { id: message.id, value: 1 })).toEqual({ ok: true });
    expect(await onA.next('vote')).toMatchObject({ id: message.id, vote: 1 });
    expect(
      await modOnA.call(CHAT_EVENTS.ban, { user_id: bob.user.id, minutes: 5, reason: 'cool off' }),
    ).toEqual({
      ok: true,
    });
    expect(await onB.next('ban')).toMatchObject({ reason: 'cool off' });
    expect(await modOnA.call(CHAT_EVENTS.delete, { id: message.id })).toEqual({ ok: true });
    expect(await onB.next('delete')).toMatchObject({ id: message.id });
  });
});
