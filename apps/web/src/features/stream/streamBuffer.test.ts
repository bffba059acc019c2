import { decodeStreamEntry, type StreamBatchView, type StreamEntry } from '@tapeline/core';
import { describe, expect, it } from 'vitest';
import { emptyView, MAX_ROWS, StreamBuffer } from './streamBuffer.ts';

const entry = (sym: string, last: number, count: number): StreamEntry =>
  decodeStreamEntry([sym, last, count, 1, 0, 1000, 'NASDAQ', null, null, null, null]);
const batch = (ts: number, highs: StreamEntry[], lows: StreamEntry[] = []): StreamBatchView => ({
  ep: 1,
  seq: 1,
  ts,
  highs,
  lows,
  halts: [],
  uvols: [],
});

describe('stream buffer', () => {
  it('shows the newest entry on top and each symbol once, at its latest high', () => {
    const buffer = new StreamBuffer();
    buffer.push(batch(1, [entry('AAA', 10, 1), entry('BBB', 20, 1)]));
    buffer.push(batch(2, [entry('AAA', 11, 2)], [entry('CCC', 5, 1)]));
    const view = buffer.flush(emptyView());
    expect(view.highs.map((r) => [r.symbol, r.last, r.count])).toEqual([
      ['AAA', 11, 2],
      ['BBB', 20, 1],
    ]);
    expect(view.lows.map((r) => r.symbol)).toEqual(['CCC']);
    expect(buffer.size).toBe(0);
  });

  it('keeps older rows below new ones across flushes', () => {
    const buffer = new StreamBuffer();
    buffer.push(batch(1, [entry('OLD', 1, 1)]));
    const first = buffer.flush(emptyView());
    buffer.push(batch(2, [entry('NEW', 2, 1)]));
    expect(buffer.flush(first).highs.map((r) => r.symbol)).toEqual(['NEW', 'OLD']);
  });

  it('holds at most 1000 pending batches and uses only the newest 300 when flushing', () => {
    const buffer = new StreamBuffer();
    for (let i = 0; i < 1200; i++) buffer.push(batch(i, [entry(`S${i}`, i, 1)]));
    expect(buffer.size).toBe(1000);
    const view = buffer.flush(emptyView());
    expect(view.highs).toHaveLength(MAX_ROWS);
    expect(view.highs[0]?.symbol).toBe('S1199');
    expect(view.highs.at(-1)?.symbol).toBe('S900');
  });

  it('returns the same view when nothing is pending', () => {
    const view = emptyView();
    expect(new StreamBuffer().flush(view)).toBe(view);
  });
});
