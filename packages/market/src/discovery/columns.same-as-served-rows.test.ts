import { FILTER_COLUMNS } from '@tapeline/core';
import { describe, expect, it } from 'vitest';
import { MarketEngine } from '../engine/MarketEngine.ts';
import { seedHistory } from '../engine/seed.ts';
import type { ReferenceData } from '../events.ts';
import { simulatedHistory } from '../simulator/history.ts';
import { TIMEFRAMES } from '../timeframes.ts';
import { EngineColumns } from './columns.ts';
import { discoveryRows } from './recompute.ts';
import { SECTOR_COLUMN, SMART_COLUMN_COUNT, smartValue, spyPriceDist } from './smartFilter.ts';

// The Alert lab reads Discovery for its filters straight from the engine, only the columns a
// filter reads (columns.ts). Proof that it is the served rows' reading: on an engine with
// history, a morning of prints (highs, lows, new bars on every timeframe), a symbol without a
// price and SPY, every smart-filter column of every timeframe equals smartValue of the row
// discoveryRows serves, and a listed symbol's whole row is that row.

// Monday 24 Nov 2025, New York (EST).
const ny = (h: number, m = 0) => Date.UTC(2025, 10, 24, h + 5, m);

function world() {
  const now = { t: ny(4) };
  const e = new MarketEngine({ clock: () => now.t, capacity: 64 });
  const refs: ReferenceData[] = Array.from({ length: 40 }, (_, i) => ({
    sym: i === 0 ? 'SPY' : `S${i}`,
    name: `S${i}`,
    sector: i % 7,
    float: i % 5 === 0 ? Number.NaN : 1e6 * (i + 1),
    shortRatio: i % 3,
    optionable: true,
    prevClose: i >= 35 ? Number.NaN : 5 + i,
    avgVolume: i % 6 === 0 ? Number.NaN : 1e5 * (i + 1),
    exchange: 'NASDAQ',
  }));
  for (const r of refs) e.setReference(r);
  seedHistory(e, simulatedHistory(refs.slice(0, 30), { seed: 3, startTs: ny(4) }));
  let seed = 9;
  const rand = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
  // Symbols 0–34 print, 04:00 to 11:10; 35–39 never do and have no prior close: no price, no row.
  for (let t = ny(4); t < ny(11, 10); t += 20_000) {
    now.t = t;
    for (let id = 0; id < 35; id++) {
      if (rand() < 0.5) continue;
      const price = (5 + id) * (1 + (rand() - 0.45) * 0.3 * ((t - ny(4)) / (7 * 3_600_000)));
      e.ingestTrade(id, Math.max(0.5, price), 100 + Math.floor(rand() * 5000), t);
    }
    if (t % 60_000 === 0) e.drainBatch();
  }
  now.t = ny(11, 10);
  return e;
}

const same = (a: number, b: number) => (Number.isNaN(a) ? Number.isNaN(b) : a === b);

describe('the engine columns the Alert lab filters on', () => {
  it('equal smartValue of the served rows, every column of every timeframe', () => {
    const e = world();
    const columns = new EngineColumns(e);
    for (const tf of TIMEFRAMES) {
      columns.refresh(tf);
      const rows = discoveryRows(e, tf);
      const spy = spyPriceDist(rows) ?? Number.NaN;
      expect(columns.count).toBe(rows.length);
      expect(Array.from({ length: columns.count }, (_, i) => columns.symbol(i))).toEqual(
        rows.map((r) => r.s),
      );
      const out = new Float64Array(columns.count);
      for (let c = 0; c < SMART_COLUMN_COUNT; c++) {
        columns.fill(c, out);
        const name = FILTER_COLUMNS[c] ?? (c === SECTOR_COLUMN ? 'sector' : '?');
        const wrong = rows.flatMap((r, i) =>
          same(out[i] as number, smartValue(r, c, spy)) ? [] : [`${tf} ${name} ${r.s}`],
        );
        expect(wrong).toEqual([]);
      }
      for (let i = 0; i < rows.length; i += 7) expect(columns.row(i)).toEqual(rows[i]);
    }
  });

  it('the world above is not trivial: known and unknown values, SPY listed, a symbol without a price', () => {
    const e = world();
    const rows = discoveryRows(e, '15min');
    expect(rows.length).toBeGreaterThan(30);
    expect(rows.length).toBeLessThan(40);
    expect(spyPriceDist(rows)).not.toBeNull();
    expect(rows.some((r) => r.u !== null) && rows.some((r) => r.st !== null)).toBe(true);
    expect(rows.some((r) => r.rv[1] !== null) && rows.some((r) => r.m !== 0)).toBe(true);
    const day = discoveryRows(e, '1day');
    expect(day.some((r) => r.f === null) && day.some((r) => r.av === null)).toBe(true);
  });
});
