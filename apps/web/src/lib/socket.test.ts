import { STREAM_BACKLOG_MAX } from '@tapeline/core';
import { Decoder, Encoder, PacketType } from 'socket.io-parser';
import { describe, expect, it } from 'vitest';
import { CatchUpDecoder } from './socket.ts';

// A `stream_resume` answer as the server's socket.io encodes it: one binary attachment per
// missed batch. The tab's decoder must read a full backlog's worth.
function resumeAnswer(batches: number): (string | Uint8Array)[] {
  const frames = Array.from({ length: batches }, (_, i) => Uint8Array.of(i % 256, 1, 2));
  return new Encoder().encode({
    type: PacketType.ACK,
    nsp: '/',
    id: 4,
    data: [{ ok: true, batches: frames }],
  }) as (string | Uint8Array)[];
}

function decode(decoder: Decoder, parts: (string | Uint8Array)[]): unknown[] {
  const decoded: unknown[] = [];
  decoder.on('decoded', (packet: { data?: unknown[] }) => decoded.push(packet.data?.[0]));
  for (const part of parts) decoder.add(part);
  return decoded;
}

describe('the tab’s socket decoder', () => {
  it('reads a resume answer of a full backlog, each batch its own attachment', () => {
    const [answer] = decode(new CatchUpDecoder(), resumeAnswer(STREAM_BACKLOG_MAX)) as {
      ok: boolean;
      batches: Uint8Array[];
    }[];
    expect(answer?.ok).toBe(true);
    expect(answer?.batches).toHaveLength(STREAM_BACKLOG_MAX);
    expect(Array.from(answer?.batches[257] ?? [])).toEqual([1, 1, 2]);
  });

  it('socket.io’s default decoder would refuse it (the parse error that broke every reconnect)', () => {
    expect(() => decode(new Decoder(), resumeAnswer(44))).toThrow(/too many attachments/);
  });
});
