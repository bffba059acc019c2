import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createBacklog } from './backlog.ts';

const batch = (ts: number) => ({ ts, highs: [['ABC', 10 + ts, 1]], lows: [], halts: [] });
const deflated = (ts: number) => deflateRawSync(JSON.stringify(batch(ts)));

describe('stream backlog', () => {
  it('serves the deflated batches it keeps as one JSON document, oldest first, the newest `max`', async () => {
    const backlog = createBacklog(3);
    expect(JSON.parse(await backlog.json())).toEqual({ data: [] });
    for (const ts of [1, 2, 3, 4]) backlog.push(deflated(ts));
    expect(backlog.size).toBe(3);
    expect(JSON.parse(await backlog.json())).toEqual({ data: [batch(2), batch(3), batch(4)] });
    // A second read (after a new batch) reuses the text already inflated and adds the new one.
    backlog.push(deflated(5));
    expect(JSON.parse(await backlog.json())).toEqual({ data: [batch(3), batch(4), batch(5)] });
  });

  it('leaves out a batch that does not inflate instead of failing the whole answer', async () => {
    const backlog = createBacklog();
    backlog.push(deflated(1));
    backlog.push(Buffer.from('{"ts":2} is not deflated'));
    backlog.push(deflated(3));
    expect(JSON.parse(await backlog.json())).toEqual({ data: [batch(1), batch(3)] });
  });

  it('keeps its own copy of a batch that is a view into a larger buffer', async () => {
    const backlog = createBacklog();
    const bytes = deflated(7);
    const chunk = Buffer.alloc(bytes.length + 100, 0xff);
    bytes.copy(chunk, 50);
    const view = chunk.subarray(50, 50 + bytes.length);
    backlog.push(view);
    // The socket's chunk is reused or changed after delivery: the backlog must not see it.
    chunk.fill(0);
    expect(JSON.parse(await backlog.json())).toEqual({ data: [batch(7)] });
  });
});
