import { describe, expect, it } from 'vitest';
import { STREAM_EVENTS, streamResumeRequestSchema } from './market.ts';
import { PROTOCOL_VERSION } from './protocol.ts';
import { streamResumeAckSchema } from './socketProtocol.ts';
import { socketRefusal } from './socketRefusals.ts';

// After a reconnect a tab holding batches 1…41 of the engine started at 1_763_640_000_000 asks
// for what it missed (docs/continuity.md §2).
const EP = 1_763_640_000_000;

describe('stream_resume: the request', () => {
  it('is its own socket event', () => {
    expect(STREAM_EVENTS.resume).toBe('stream_resume');
  });

  it('names this protocol, the epoch and the last seq held', () => {
    expect(streamResumeRequestSchema.parse({ v: PROTOCOL_VERSION, ep: EP, since: 41 })).toEqual({
      v: PROTOCOL_VERSION,
      ep: EP,
      since: 41,
    });
  });

  it('a tab that holds no batch yet asks since 0', () => {
    expect(streamResumeRequestSchema.safeParse({ v: PROTOCOL_VERSION, ep: EP, since: 0 }).success).toBe(true);
  });

  it('another protocol, a missing epoch, or a negative, fractional or textual since is refused', () => {
    const bad = [
      { v: 2, ep: EP, since: 41 },
      { ep: EP, since: 41 },
      { v: PROTOCOL_VERSION, since: 41 },
      { v: PROTOCOL_VERSION, ep: EP, since: -1 },
      { v: PROTOCOL_VERSION, ep: EP, since: 41.5 },
      { v: PROTOCOL_VERSION, ep: EP, since: '41' },
      { v: PROTOCOL_VERSION, ep: String(EP), since: 41 },
    ];
    for (const body of bad)
      expect(streamResumeRequestSchema.safeParse(body).success, JSON.stringify(body)).toBe(false);
  });
});

describe('stream_resume: the ack', () => {
  it('ok: the missed frames as sent, ArrayBuffers in a browser and Buffers in Node', () => {
    const browser = new Uint8Array([1, 2, 3]).buffer;
    const node = new Uint8Array([4, 5]); // Node's Buffer is a Uint8Array
    const ack = streamResumeAckSchema.parse({ ok: true, batches: [browser, node] });
    expect(ack.ok && ack.batches).toEqual([browser, node]);
  });

  it('ok with no frames: nothing was missed', () => {
    expect(streamResumeAckSchema.parse({ ok: true, batches: [] })).toEqual({ ok: true, batches: [] });
  });

  it('not ok: gap (too old), epoch (engine restarted) or any other refusal, in the one shape', () => {
    for (const error of ['gap', 'epoch', 'subscription_required', 'bad_request'] as const) {
      expect(streamResumeAckSchema.parse(socketRefusal(error))).toEqual(socketRefusal(error));
    }
  });

  it('an unknown refusal, frames that are not binary, or ok without frames is refused', () => {
    expect(streamResumeAckSchema.safeParse({ ok: false, reason: 'gap' }).success).toBe(false);
    expect(streamResumeAckSchema.safeParse({ ok: false, error: 'busy', message: 'x' }).success).toBe(false);
    expect(streamResumeAckSchema.safeParse({ ok: false }).success).toBe(false);
    expect(streamResumeAckSchema.safeParse({ ok: true, batches: ['eJw='] }).success).toBe(false);
    expect(streamResumeAckSchema.safeParse({ ok: true }).success).toBe(false);
  });
});
