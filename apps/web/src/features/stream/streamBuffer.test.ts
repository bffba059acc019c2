import {
  channelAccepts,
  decodeStreamEntry,
  defaultChannels,
  type StreamBatchView,
  type StreamEntry,
} from '@tapeline/core';
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

  it('reads the batches from the newest and no further than a side shows (a flush at the open)', () => {
    const buffer = new StreamBuffer();
    // 8 batches of 5,000 new highs: what 2 s of the simulator's open brings.
    for (let b = 0; b < 8; b++)
      buffer.push(
        batch(
          b,
          Array.from({ length: 5000 }, (_, i) => entry(`S${b}_${i}`, 10, 1)),
        ),
      );
    let asked = 0;
    const view = buffer.flush(emptyView(), () => {
      asked += 1;
      return true;
    });
    expect(view.highs).toHaveLength(MAX_ROWS);
    expect(view.highs[0]?.symbol).toBe('S7_4999');
    expect(asked).toBe(MAX_ROWS);
  });

  it('a side with nothing new keeps its rows as they were (its table has nothing to redraw)', () => {
    const buffer = new StreamBuffer();
    buffer.push(batch(1, [entry('AAA', 10, 1)], [entry('LLL', 5, 1)]));
    const first = buffer.flush(emptyView());
    buffer.push(batch(2, [entry('BBB', 11, 1)]));
    const second = buffer.flush(first);
    expect(second.highs.map((r) => r.symbol)).toEqual(['BBB', 'AAA']);
    expect(second.lows).toBe(first.lows);
  });
});

describe('a flush through a channel', () => {
  const row = (symbol: string, last: number): StreamEntry =>
    decodeStreamEntry([symbol, last, 1, 1, 0, 1_000_000, 'Q', 10_000_000, null, 3, 1]);
  const ctx = { popular: new Set(['DEAR']), favorites: new Set<string>(), sectorOf: () => 9, proPlus: false };
  const [main, alt] = defaultChannels();
  if (!main || !alt) throw new Error('defaults');
  const through = (channel: typeof main) => {
    const buffer = new StreamBuffer();
    buffer.push(batch(1, [row('CHEAP', 2), row('MID', 15), row('DEAR', 400)], [row('LOWMID', 12)]));
    return buffer.flush(emptyView(), (e) => channelAccepts(channel, e, ctx));
  };

  it('the untouched default filter shows every entry', () => {
    expect(through(main).highs.map((e) => e.symbol)).toEqual(['DEAR', 'MID', 'CHEAP']);
  });

  it('a $10–$20 price filter keeps MID and LOWMID only', () => {
    const view = through({ ...main, value: { ...main.value, price: { min: 10, max: 20 } } });
    expect(view.highs.map((e) => e.symbol)).toEqual(['MID']);
    expect(view.lows.map((e) => e.symbol)).toEqual(['LOWMID']);
  });

  it('the popular channel keeps what is popular', () => {
    expect(through({ ...alt, type: 'popular' }).highs.map((e) => e.symbol)).toEqual(['DEAR']);
  });
});
