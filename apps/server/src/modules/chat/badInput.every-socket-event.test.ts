import { CHAT_EVENTS, chatMessagesAnswerSchema } from '@tapeline/core';
import { afterAll, describe, expect, it } from 'vitest';
import { seedUser } from '../../test/factories.ts';
import { withApp } from '../../test/withApp.ts';
import { chatTab, closeTabs, joined } from './testing/chatKit.ts';
import { trader } from './testing/people.ts';

// Every chat socket event fed hostile bodies by a mod (past every role check): each is refused
// with `bad_request` (or `protocol_version`) on the ack, the socket stays up and answers the
// next call, and nothing is stored or sent to the room.

const app = withApp({ mail: 'outbox' });
afterAll(closeTabs);

const HOSTILE: unknown[] = [
  null,
  'text',
  42,
  [],
  { v: 'x' },
  {},
  { __proto__: { channel: 'general' } },
  { channel: 7, msg: ['x'], id: 'one', value: 2, user_id: 'not-a-uuid', minutes: -1, seconds: 1e9 },
  {
    channel: 'general'.repeat(500),
    msg: 'x'.repeat(100_000),
    id: 1.5,
    value: '1',
    reason: 'r'.repeat(10_000),
  },
];

const EVENTS = [
  CHAT_EVENTS.subscribe,
  CHAT_EVENTS.unsubscribe,
  CHAT_EVENTS.send,
  CHAT_EVENTS.vote,
  CHAT_EVENTS.typing,
  CHAT_EVENTS.delete,
  CHAT_EVENTS.ban,
  CHAT_EVENTS.slowMode,
];

describe('chat socket events refuse bad input', () => {
  it('every event, every hostile body: a clear refusal, the socket alive, nothing changed', async () => {
    const mod = await seedUser(app, { role: 'mod' });
    const reader = await trader(app);
    const watch = await joined(app, reader.token, 'general');
    const tab = await chatTab(app, mod.token);
    const before = await app.call('GET', '/api/chat/general/messages', { token: reader.token });
    const stored = chatMessagesAnswerSchema.parse(before.body).messages.length;

    for (const event of EVENTS) {
      // A second on the app's clock per event: the socket's token bucket (10 a second after a
      // burst of 40) refills, so each body meets the schema rather than the flood limit.
      app.clock.advance(1000);
      for (const body of HOSTILE) {
        const ack = (await tab.socket.timeout(5000).emitWithAck(event, body)) as {
          ok: boolean;
          error?: string;
        };
        // unsubscribe with nothing to leave is harmless either way; every other call is refused.
        if (event === CHAT_EVENTS.unsubscribe && ack.ok) continue;
        expect(ack.ok, `${event} ${JSON.stringify(body)?.slice(0, 60)}`).toBe(false);
        expect(['bad_request', 'protocol_version']).toContain(ack.error);
      }
    }
    // A call with no body and no ack at all does not break the socket either; it still answers.
    for (const event of EVENTS) tab.socket.emit(event);
    expect(tab.socket.connected).toBe(true);
    expect(await tab.call(CHAT_EVENTS.slowMode, { channel: 'nope', seconds: 1 })).toMatchObject({
      ok: false,
      error: 'unknown_channel',
    });

    const after = await app.call('GET', '/api/chat/general/messages', { token: reader.token });
    expect(chatMessagesAnswerSchema.parse(after.body).messages).toHaveLength(stored);
    expect(watch.events.filter((e) => e.type !== 'typing')).toEqual([]);
  });
});
