import { decodeStreamEntry } from '@tapeline/core';
import { describe, expect, it } from 'vitest';
import { discoveryRows } from '../discovery/recompute.ts';
import { abcEngine, ny } from '../engine/testing/abcEngine.ts';
import { TF_COUNT } from '../timeframes.ts';
import {
  conditionNames,
  conditionsFromNames,
  conditionTable,
  massiveConditions,
  SaleCondition,
  sipConditions,
  UPDATES_ALL,
  UPDATES_HIGH_LOW,
  UPDATES_VOLUME,
  updatesOf,
} from './conditions.ts';

/** An engine where ABC printed 10.00 (open, low) and a regular 10.20 (high, last) at 10:00. */
function tape() {
  const { e, clock } = abcEngine(ny(10), 9.5);
  e.ingest({ sym: 'ABC', price: 10, size: 100, ts: ny(10) });
  e.ingest({ sym: 'ABC', price: 10.2, size: 100, ts: ny(10, 0, 1) });
  e.drainBatch();
  const id = e.idOf('ABC');
  const figures = () => ({
    last: e.day.last[id],
    high: e.day.high[id],
    low: e.day.low[id],
    volume: e.day.volume[id],
  });
  /** One print at 10:00:05 with the given conditions; what reached the stream. */
  const print = (price: number, size: number, conditions: number) => {
    clock.set(ny(10, 0, 5));
    e.ingestTrade(id, price, size, ny(10, 0, 5), conditions);
    const b = e.drainBatch();
    return {
      highs: b.highs.map((h) => decodeStreamEntry(h).last),
      lows: b.lows.map((l) => decodeStreamEntry(l).last),
    };
  };
  return { e, id, clock, figures, print };
}

describe('condition-aware tape: each print does exactly what the CTA/UTP table says', () => {
  it('a regular print above the high is a new high, the last and volume', () => {
    const t = tape();
    expect(t.print(10.5, 100, 0)).toEqual({ highs: [10.5], lows: [] });
    expect(t.figures()).toEqual({ last: 10.5, high: 10.5, low: 10, volume: 300 });
  });

  it('an odd lot above the high counts only toward volume: no new high, Last stays the regular print', () => {
    const t = tape();
    expect(t.print(10.9, 40, SaleCondition.odd_lot)).toEqual({ highs: [], lows: [] });
    expect(t.figures()).toEqual({ last: 10.2, high: 10.2, low: 10, volume: 240 });
  });

  it('an odd lot below the last (9.90 after a regular 10.20) is neither a low nor Discovery’s Last', () => {
    const t = tape();
    expect(t.print(9.9, 10, SaleCondition.odd_lot)).toEqual({ highs: [], lows: [] });
    const row = discoveryRows(t.e, '1day').find((r) => r.s === 'ABC');
    expect(row?.l).toBe(10.2);
  });

  it('an out-of-sequence print above the high makes the high and volume but not the last', () => {
    const t = tape();
    expect(t.print(10.6, 100, SaleCondition.out_of_sequence)).toEqual({ highs: [10.6], lows: [] });
    expect(t.figures()).toEqual({ last: 10.2, high: 10.6, low: 10, volume: 300 });
  });

  it('an average-price print above the high counts only toward volume', () => {
    const t = tape();
    expect(t.print(11.1, 5000, SaleCondition.average_price)).toEqual({ highs: [], lows: [] });
    expect(t.figures()).toEqual({ last: 10.2, high: 10.2, low: 10, volume: 5200 });
  });

  it('a prior-reference print below the low makes the low and volume but not the last', () => {
    const t = tape();
    expect(t.print(9.7, 300, SaleCondition.prior_reference)).toEqual({ highs: [], lows: [9.7] });
    expect(t.figures()).toEqual({ last: 10.2, high: 10.2, low: 9.7, volume: 500 });
  });

  it('a late report (sold last, L) updates last, high/low and volume like a regular print', () => {
    const t = tape();
    const late = sipConditions(['L'], 'C');
    expect(late).toBe(0);
    expect(t.print(10.4, 100, late)).toEqual({ highs: [10.4], lows: [] });
    expect(t.figures()).toEqual({ last: 10.4, high: 10.4, low: 10, volume: 300 });
  });

  it('a market center’s official close updates nothing and is counted as ineligible', () => {
    const t = tape();
    expect(t.print(12, 1000, SaleCondition.official_close)).toEqual({ highs: [], lows: [] });
    expect(t.figures()).toEqual({ last: 10.2, high: 10.2, low: 10, volume: 200 });
    expect(t.e.stats.ineligible).toBe(1);
  });

  it('bars and VWAP use only eligible prints: an odd lot above the bar leaves its high and close', () => {
    const t = tape();
    t.print(10.9, 100, SaleCondition.odd_lot);
    const f = t.e.bars;
    const i = t.id * TF_COUNT; // TF 0 (15 minutes) of ABC
    expect([f.fOpen[i], f.fHigh[i], f.fLow[i], f.fClose[i], f.fVolume[i]]).toEqual([10, 10.2, 10, 10.2, 300]);
    // An average-price print opening the next bar opens it flat at the last eligible price.
    t.clock.set(ny(10, 15, 5));
    t.e.ingestTrade(t.id, 11.5, 100, ny(10, 15, 5), SaleCondition.average_price);
    expect([f.fOpen[i], f.fHigh[i], f.fLow[i], f.fClose[i], f.fVolume[i]]).toEqual([
      10.2, 10.2, 10.2, 10.2, 100,
    ]);
  });

  it('a print with several conditions may update only what every one of them allows', () => {
    const both = SaleCondition.out_of_sequence | SaleCondition.odd_lot;
    expect(updatesOf(both)).toBe(UPDATES_VOLUME);
    expect(updatesOf(SaleCondition.derivatively_priced)).toBe(UPDATES_HIGH_LOW | UPDATES_VOLUME);
    expect(updatesOf(0)).toBe(UPDATES_ALL);
  });
});

describe('vendor codes map to the same conditions', () => {
  it('Alpaca SIP letters read by plan: B is average price on CTA tapes, bunched (regular) on UTP', () => {
    expect(sipConditions(['@', 'B'], 'A')).toBe(SaleCondition.average_price);
    expect(sipConditions(['@', 'B'], 'C')).toBe(0);
    expect(sipConditions(['@', 'W'], 'C')).toBe(SaleCondition.average_price);
    expect(sipConditions(['@', 'F', 'I'], 'B')).toBe(SaleCondition.odd_lot);
    expect(sipConditions(['@', 'T', 'Z'], 'C')).toBe(SaleCondition.out_of_sequence);
    expect(sipConditions(undefined, 'C')).toBe(0);
  });

  it('Massive condition ids map to the same bits, unknown ids count as regular', () => {
    expect(massiveConditions([37])).toBe(SaleCondition.odd_lot);
    expect(massiveConditions([2, 14])).toBe(SaleCondition.average_price);
    expect(massiveConditions([22])).toBe(SaleCondition.prior_reference);
    expect(massiveConditions([0, 14, 41, 999, 'x'])).toBe(0);
  });

  it('every row is reachable from both vendors and round-trips through the tape names', () => {
    for (const row of conditionTable()) {
      const bit = (SaleCondition as Record<string, number>)[row.name] ?? -1;
      expect(massiveConditions(row.massive)).toBe(bit);
      if (row.utp) expect(sipConditions([row.utp], 'C')).toBe(bit);
      if (row.cta) expect(sipConditions([row.cta], 'A')).toBe(bit);
      expect(conditionsFromNames(conditionNames(bit))).toBe(bit);
    }
  });
});
