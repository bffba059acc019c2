import { CHAT_EVENTS, PROTOCOL_VERSION, type SocketAck, STREAM_EVENTS } from '@tapeline/core';
import type { Socket } from 'socket.io-client';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { trader } from '../../modules/chat/testing/people.ts';
import { seedSubscriber } from '../../test/factories.ts';
import { connectTab } from '../../test/waitFor.ts';
import { withApp } from '../../test/withApp.ts';
import { REALTIME_LIMITS } from './socketCalls.ts';
import { startFlooder } from './testing/floodWorker.ts';

// Issue 22's attack, replayed: one Pro subscriber emits 2,000 chat_send, 2,000 chat_vote and
// 2,000 chat_subscribe without waiting for a single ack, while another signed-in user goes on
// using the API and holds their stream socket. The buckets refuse the flood before any parse,
// read or transaction; the flooding socket is disconnected. Timing-sensitive (it measures the
// other user's latency on this machine): it runs in its own serial stage (`*.flood.test.ts`).

const app = withApp({ mail: 'outbox' });
const sockets: Socket[] = [];
afterAll(() => {
  for (const socket of sockets) socket.close();
});

const FLOOD = 2000;
const P99_BUDGET_MS = 200;

async function tab(token: string): Promise<Socket> {
  const socket = await connectTab(app.baseUrl, token);
  sockets.push(socket);
  return socket;
}

/** The other user's requests while the flood is served: each one's time, in order. */
async function timedCalls(token: string, count: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const path = i % 2 === 0 ? '/api/auth/user' : '/api/health';
    const started = performance.now();
    const res = await fetch(`${app.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
    await res.arrayBuffer();
    times.push(performance.now() - started);
    expect(res.status).toBe(200);
  }
  return times;
}

const p99 = (times: number[]) => [...times].sort((a, b) => a - b)[Math.ceil(times.length * 0.99) - 1] ?? 0;

describe('one subscriber floods chat events', () => {
  it("another user's HTTP p99 stays under 200 ms and their stream socket stays connected", async () => {
    const attacker = await trader(app, {});
    const author = await trader(app);
    const other = await seedSubscriber(app, 'pro');

    // A message to vote on, and the attacker in the room, as in the report.
    const authorTab = await tab(author.token);
    await authorTab
      .timeout(5000)
      .emitWithAck(CHAT_EVENTS.subscribe, { v: PROTOCOL_VERSION, channel: 'general' });
    const posted = (await authorTab.timeout(5000).emitWithAck(CHAT_EVENTS.send, {
      v: PROTOCOL_VERSION,
      channel: 'general',
      msg: 'vote on me',
    })) as SocketAck<{
      id: number;
    }>;
    if (!posted.ok) throw new Error(`post refused: ${posted.error}`);

    const watcher = await tab(other.token);
    expect(await watcher.timeout(5000).emitWithAck(STREAM_EVENTS.subscribe, { v: PROTOCOL_VERSION })).toEqual(
      {
        ok: true,
      },
    );
    let watcherDropped = false;
    watcher.on('disconnect', () => {
      watcherDropped = true;
    });
    // The other user's baseline, warm: the same calls before the flood.
    await timedCalls(other.token, 10);

    // The attacker floods from a thread of its own, as from another machine.
    const frames: [string, unknown][] = [];
    for (let i = 0; i < FLOOD; i += 1) {
      frames.push([CHAT_EVENTS.send, { v: PROTOCOL_VERSION, channel: 'general', msg: `spam ${i}` }]);
      frames.push([CHAT_EVENTS.vote, { v: PROTOCOL_VERSION, id: posted.id, value: i % 2 === 0 ? 1 : -1 }]);
      frames.push([CHAT_EVENTS.subscribe, { v: PROTOCOL_VERSION, channel: 'general' }]);
    }
    const flooder = await startFlooder({ baseUrl: app.baseUrl, token: attacker.token, frames });
    flooder.fire();

    const during = await timedCalls(other.token, 60);
    expect(p99(during), `the other user's times (ms): ${during.map(Math.round).join(' ')}`).toBeLessThan(
      P99_BUDGET_MS,
    );

    // The socket that kept flooding was cut off (what it queued is never read), and at most its
    // bucket's burst of calls was served before that.
    const outcome = await flooder.gone;
    expect(outcome.disconnected).toMatch(/transport close|io server disconnect/);
    expect(outcome.acks.ok ?? 0).toBeLessThanOrEqual(REALTIME_LIMITS.socket.burst);
    const posts = await app.call<{ messages: unknown[] }>('GET', '/api/chat/general/messages', {
      token: other.token,
    });
    expect(posts.body.messages.length).toBeLessThanOrEqual(1 + REALTIME_LIMITS.socket.burst);

    // The other user's stream socket never dropped and still answers.
    expect(watcherDropped).toBe(false);
    expect(watcher.connected).toBe(true);
    expect(
      await watcher
        .timeout(5000)
        .emitWithAck(STREAM_EVENTS.channelSubscribe, { v: PROTOCOL_VERSION, channel: 'stream' }),
    ).toEqual({ ok: true });
  });

  it('holds a user to 12 sockets on a node: the 13th handshake is refused', async () => {
    const { token } = await seedSubscriber(app, 'pro');
    const held = await Promise.all(Array.from({ length: REALTIME_LIMITS.socketsPerUser }, () => tab(token)));
    expect(held.every((socket) => socket.connected)).toBe(true);
    await expect(tab(token)).rejects.toThrow('Too many tabs are open. Close one, then reload this page.');
    // A socket that closes frees its place.
    held[0]?.close();
    // The server hears the close a moment later: the place is free once a handshake succeeds.
    await vi.waitFor(async () => expect((await tab(token)).connected).toBe(true), { timeout: 5000 });
  });
});
