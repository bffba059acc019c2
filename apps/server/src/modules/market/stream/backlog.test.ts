import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createBacklog } from './backlog.ts';
import { decodeBusFrame, encodeBusFrame } from './busFrame.ts';

const EP = 1_763_649_000_000;
const batch = (ts: number) => ({ ts, highs: [['ABC', 10 + ts, 1]], lows: [], halts: [] });
const deflated = (ts: number) => deflateRawSync(JSON.stringify(batch(ts)));
/** Batch `seq` of epoch `ep` as a node hears it on the bus (its `ts` is its seq). */
const heard = (seq: number, ep = EP) => {
  // Over the thread boundary a frame arrives as its own ArrayBuffer, wrapped without a copy.
  const decoded = decodeBusFrame(Buffer.from(encodeBusFrame(ep, seq, deflated(seq)).buffer));
  if (!decoded) throw new Error('not a bus frame');
  return decoded;
};
/** The seqs of a `since` answer (each batch's `ts` is its seq), or its miss. */
const seqs = (answer: Buffer[] | string) =>
  typeof answer === 'string'
    ? answer
    : answer.map((bytes) => (JSON.parse(inflateRawSync(bytes).toString()) as { ts: number }).ts);

describe('stream backlog', () => {
  it('keeps the newest `max` batches', () => {
    const backlog = createBacklog(3);
    for (const seq of [1, 2, 3, 4]) backlog.push(heard(seq));
    expect(backlog.size).toBe(3);
    expect(seqs(backlog.since(EP, 1))).toEqual([2, 3, 4]);
  });

  it('keeps its own copy of a batch that is a view into a larger buffer', () => {
    const backlog = createBacklog();
    const bytes = deflated(7);
    const chunk = Buffer.alloc(bytes.length + 100, 0xff);
    bytes.copy(chunk, 50);
    const view = chunk.subarray(50, 50 + bytes.length);
    backlog.push({ ep: EP, seq: 7, bytes: view });
    // A Redis read chunk is reused or changed after delivery: the backlog must not see it.
    chunk.fill(0);
    expect(seqs(backlog.since(EP, 6))).toEqual([7]);
  });
});

describe('stream backlog: since (stream_resume)', () => {
  it('answers the exact frames after the client’s seq, oldest first', () => {
    const backlog = createBacklog(10);
    const kept = [1, 2, 3, 4, 5].map((seq) => heard(seq));
    for (const b of kept) backlog.push(b);
    const answer = backlog.since(EP, 2);
    expect(seqs(answer)).toEqual([3, 4, 5]);
    // The very bytes sockets were sent, not copies made again.
    expect((answer as Buffer[])[0]).toBe(kept[2]?.bytes);
    expect(seqs(backlog.since(EP, 0))).toEqual([1, 2, 3, 4, 5]);
  });

  it('answers nothing to a client that is up to date (or ahead of this node)', () => {
    const backlog = createBacklog(10);
    for (const seq of [1, 2]) backlog.push(heard(seq));
    expect(backlog.since(EP, 2)).toEqual([]);
    expect(backlog.since(EP, 9)).toEqual([]);
  });

  it('says gap when the next batch the client needs is older than the oldest kept', () => {
    const backlog = createBacklog(3);
    for (const seq of [1, 2, 3, 4, 5, 6]) backlog.push(heard(seq));
    expect(backlog.since(EP, 2)).toBe('gap');
    expect(seqs(backlog.since(EP, 3))).toEqual([4, 5, 6]);
  });

  it('says gap when this node never heard a batch in between (the bus lost it), or heard none', () => {
    expect(createBacklog().since(EP, 0)).toBe('gap');
    const backlog = createBacklog(10);
    for (const seq of [1, 2, 4, 5]) backlog.push(heard(seq));
    expect(backlog.since(EP, 1)).toBe('gap');
    expect(seqs(backlog.since(EP, 3))).toEqual([4, 5]);
  });

  it('says epoch when the newest batch is of another engine run, and serves only the new run', () => {
    const backlog = createBacklog(10);
    for (const seq of [1, 2, 3]) backlog.push(heard(seq));
    expect(backlog.since(EP + 1, 1)).toBe('epoch');
    // The engine restarted: its numbers start over under a new epoch.
    for (const seq of [1, 2]) backlog.push(heard(seq, EP + 5000));
    expect(backlog.since(EP, 1)).toBe('epoch');
    expect(seqs(backlog.since(EP + 5000, 0))).toEqual([1, 2]);
  });
});

describe('bus frame', () => {
  it('carries epoch and seq in front of the deflated batch, and refuses what is not a frame', () => {
    const bytes = deflated(3);
    const frame = Buffer.from(encodeBusFrame(EP, 42, bytes));
    expect(frame.byteLength).toBe(16 + bytes.byteLength);
    const decoded = decodeBusFrame(frame);
    expect(decoded).toMatchObject({ ep: EP, seq: 42 });
    expect(decoded?.bytes.equals(bytes)).toBe(true);
    expect(decodeBusFrame(Buffer.alloc(16))).toBeNull();
    // A batch without the header (another build): its bytes read as nonsense numbers.
    expect(decodeBusFrame(bytes)).toBeNull();
    expect(decodeBusFrame(Buffer.from(encodeBusFrame(EP, 0, bytes)))).toBeNull();
    expect(decodeBusFrame(Buffer.from(encodeBusFrame(Number.NaN, 1, bytes)))).toBeNull();
  });
});
