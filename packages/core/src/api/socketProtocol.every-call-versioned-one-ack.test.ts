import { describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION } from './protocol.ts';
import { CLIENT_EVENTS, CLIENT_MESSAGES, socketAckSchema } from './socketProtocol.ts';
import { SOCKET_REFUSAL_CODES, SOCKET_REFUSALS, socketRefusal } from './socketRefusals.ts';

describe('the socket protocol', () => {
  it('every client call names this protocol version: a body without v, or another v, is refused', () => {
    for (const event of CLIENT_EVENTS) {
      const { body } = CLIENT_MESSAGES[event];
      expect(body.safeParse({}).success, event).toBe(false);
      expect(body.safeParse({ v: PROTOCOL_VERSION - 1 }).success, event).toBe(false);
    }
  });

  it('every call answers one ack shape: ok with its answer, or a refusal with a listed code', () => {
    for (const event of CLIENT_EVENTS) {
      const ack = socketAckSchema(event);
      expect(ack.safeParse(socketRefusal('rate_limited', 5000)).success, event).toBe(true);
      expect(ack.safeParse({ ok: false, error: 'nope', message: 'x' }).success, event).toBe(false);
      expect(ack.safeParse({ success: false }).success, event).toBe(false);
    }
    expect(socketAckSchema('chat_send').safeParse({ ok: true, id: 12 }).success).toBe(true);
    expect(socketAckSchema('quotes_subscribe').safeParse({ ok: true }).success).toBe(true);
  });

  it('every refusal code has one sentence a user may be shown', () => {
    for (const code of SOCKET_REFUSAL_CODES) expect(SOCKET_REFUSALS[code], code).toMatch(/^[A-Z]/);
    expect(socketRefusal('slow_mode', 1234)).toEqual({
      ok: false,
      error: 'slow_mode',
      message: 'Slow mode is on: wait before posting again.',
      retry_at: 1234,
    });
  });
});
