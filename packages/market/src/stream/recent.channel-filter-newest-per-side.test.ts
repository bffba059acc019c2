import {
  type ChannelContext,
  decodeStreamEntry,
  PROTOCOL_VERSION,
  STREAM_RANGES,
  type StreamChannel,
  type StreamEntryWire,
} from '@tapeline/core';
import { describe, expect, it } from 'vitest';
import { MarketEngine } from '../engine/MarketEngine.ts';
import { testClock } from '../engine/testClock.ts';

// Monday 24 Nov 2025, 10:00 New York.
const T = Date.UTC(2025, 10, 24, 15, 0);
const full = (key: keyof typeof STREAM_RANGES) => ({ ...STREAM_RANGES[key] });

function filterChannel(value: Partial<StreamChannel['value']> = {}): StreamChannel {
  return {
    channel: 'main',
    title: '',
    type: 'filter',
    value: {
      price: full('price'),
      volume: full('volume'),
      float: full('float'),
      atr: full('atr'),
      gap: full('gap'),
      count: full('count'),
      industries: {},
      custom_view: [],
      ...value,
    },
  };
}
const custom = (symbols: string[]): StreamChannel => ({
  ...filterChannel(),
  type: 'custom',
  value: { ...filterChannel().value, custom_view: symbols },
});

function engine(symbols: { sym: string; sector?: number; float?: number }[]) {
  const e = new MarketEngine({ clock: testClock(T), capacity: 512, epoch: T - 3_600_000 });
  for (const { sym, sector = 9, float = 10_000_000 } of symbols) {
    e.setReference({
      sym,
      name: sym,
      sector,
      float,
      shortRatio: 1,
      optionable: sym !== 'NOPT',
      prevClose: 10,
      avgVolume: 1_000_000,
      exchange: 'NASDAQ',
    });
  }
  const ctx = (over: Partial<ChannelContext> = {}): ChannelContext => ({
    popular: new Set(),
    favorites: new Set(),
    sectorOf: (s) => {
      const id = e.idOf(s);
      return id < 0 ? undefined : (e.table.sector[id] as number);
    },
    proPlus: false,
    ...over,
  });
  return { e, ctx };
}
const symbolsOf = (side: StreamEntryWire[]) => side.map((w) => decodeStreamEntry(w).symbol);

describe('the recent stream a mounting widget fills from', () => {
  it('lists every symbol whose latest high passes the channel, oldest first, each once', () => {
    const { e, ctx } = engine([{ sym: 'AAA' }, { sym: 'BBB' }, { sym: 'CCC' }, { sym: 'ONE' }]);
    e.ingest({ sym: 'AAA', price: 10, size: 100, ts: T - 9000 });
    e.ingest({ sym: 'BBB', price: 20, size: 100, ts: T - 8000 });
    e.ingest({ sym: 'AAA', price: 11, size: 100, ts: T - 7000 });
    e.ingest({ sym: 'BBB', price: 21, size: 100, ts: T - 6000 });
    e.ingest({ sym: 'AAA', price: 12, size: 100, ts: T - 5000 });
    e.ingest({ sym: 'CCC', price: 5, size: 100, ts: T - 4000 });
    e.ingest({ sym: 'CCC', price: 4, size: 100, ts: T - 3000 });
    // ONE printed once: its first print is not an event, so it is on neither side.
    e.ingest({ sym: 'ONE', price: 7, size: 100, ts: T - 2000 });
    const b = e.recentBatch({ channel: filterChannel(), ctx: ctx(), listed: () => true });
    expect(symbolsOf(b.highs)).toEqual(['BBB', 'AAA']);
    expect(b.highs.map(decodeStreamEntry).map((h) => [h.last, h.count, h.eventTs])).toEqual([
      [21, 1, T - 6000],
      [12, 2, T - 5000],
    ]);
    expect(symbolsOf(b.lows)).toEqual(['CCC']);
    expect(b.halts).toEqual([]);
  });

  it('names the last published batch, so a live batch with a higher seq came after it', () => {
    const { e, ctx } = engine([{ sym: 'AAA' }]);
    e.ingest({ sym: 'AAA', price: 10, size: 100, ts: T - 3000 });
    e.ingest({ sym: 'AAA', price: 11, size: 100, ts: T - 2000 });
    expect(e.drainBatch().seq).toBe(1);
    const b = e.recentBatch({ channel: filterChannel(), ctx: ctx(), listed: () => true });
    expect(b).toMatchObject({ v: PROTOCOL_VERSION, ep: T - 3_600_000, seq: 1, ts: T });
    expect(symbolsOf(b.highs)).toEqual(['AAA']);
  });

  it('keeps the newest of each side up to the limit', () => {
    const syms = Array.from({ length: 400 }, (_, i) => ({ sym: `S${String(i).padStart(3, '0')}` }));
    const { e, ctx } = engine(syms);
    syms.forEach(({ sym }, i) => {
      e.ingest({ sym, price: 10, size: 100, ts: T - 100_000 + i * 10 });
      e.ingest({ sym, price: 11, size: 100, ts: T - 50_000 + i * 10 });
    });
    const b = e.recentBatch({ channel: filterChannel(), ctx: ctx(), listed: () => true, limit: 300 });
    expect(b.highs).toHaveLength(300);
    expect(symbolsOf(b.highs)[0]).toBe('S100');
    expect(symbolsOf(b.highs).at(-1)).toBe('S399');
  });

  it('applies the filter ranges, switched-off sectors, a custom list and the listed gate', () => {
    const { e, ctx } = engine([
      { sym: 'LOW', sector: 3 },
      { sym: 'MID', sector: 3 },
      { sym: 'OFF', sector: 14 },
      { sym: 'TST', sector: 3 },
    ]);
    for (const [sym, price] of [
      ['LOW', 2],
      ['MID', 30],
      ['OFF', 30],
      ['TST', 30],
    ] as const) {
      e.ingest({ sym, price, size: 100, ts: T - 5000 });
      e.ingest({ sym, price: price * 1.1, size: 100, ts: T - 4000 });
    }
    const listed = (id: number) => e.table.symbols[id] !== 'TST';
    const priced = filterChannel({
      price: { min: 5, max: STREAM_RANGES.price.max },
      industries: { '14': false },
    });
    expect(symbolsOf(e.recentBatch({ channel: priced, ctx: ctx(), listed }).highs)).toEqual(['MID']);
    expect(symbolsOf(e.recentBatch({ channel: custom(['LOW', 'OFF']), ctx: ctx(), listed }).highs)).toEqual([
      'LOW',
      'OFF',
    ]);
    expect(symbolsOf(e.recentBatch({ channel: custom(['TST']), ctx: ctx(), listed }).highs)).toEqual([]);
  });

  it('ignores the ATR and gap ranges unless the reader is Pro Plus, as the client does', () => {
    const { e, ctx } = engine([{ sym: 'GAP' }]);
    e.ingest({ sym: 'GAP', price: 10, size: 100, ts: T - 5000 });
    e.ingest({ sym: 'GAP', price: 10.5, size: 100, ts: T - 4000 });
    // prevClose 10: the gap is 0 %, outside a 50 %+ gap range.
    const gappy = filterChannel({ gap: { min: 50, max: STREAM_RANGES.gap.max } });
    expect(symbolsOf(e.recentBatch({ channel: gappy, ctx: ctx(), listed: () => true }).highs)).toEqual([
      'GAP',
    ]);
    expect(
      symbolsOf(e.recentBatch({ channel: gappy, ctx: ctx({ proPlus: true }), listed: () => true }).highs),
    ).toEqual([]);
  });

  it('shows a halted symbol once, as it stands now: halted, then resumed', () => {
    const { e, ctx } = engine([{ sym: 'HLT' }]);
    e.ingest({ sym: 'HLT', price: 10, size: 100, ts: T - 5000 });
    e.ingestStatus({ sym: 'HLT', halted: true, reason: 'LUDP', ts: T - 4000 });
    const during = e.recentBatch({ channel: filterChannel(), ctx: ctx(), listed: () => true });
    expect(during.halts.map(decodeStreamEntry).map((h) => [h.symbol, h.active, h.flag, h.eventTs])).toEqual([
      ['HLT', true, 'LUDP', T - 4000],
    ]);
    e.ingestStatus({ sym: 'HLT', halted: false, reason: 'LUDP', ts: T - 1000 });
    const after = e.recentBatch({ channel: filterChannel(), ctx: ctx(), listed: () => true });
    expect(after.halts.map(decodeStreamEntry).map((h) => [h.symbol, h.active, h.eventTs])).toEqual([
      ['HLT', false, T - 1000],
    ]);
  });
});
