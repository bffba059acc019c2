import { type DiscoveryRow, nyWallToUtc, type SessionDay, sessionOfDay } from '@tapeline/market';
import { expect } from 'vitest';
import type { EngineRuntime } from '../../engine/runtime.ts';
import type { VendorBar } from '../history/buildHistory.ts';
import { sessionsBefore } from '../history/buildHistory.ts';

// Bars the vendor fakes serve, from a rule simple enough to read: a symbol's bars keep a fixed
// range around a close that only wiggles (±0.05), so Bollinger sits inside Keltner (a squeeze)
// once 20 bars exist, and ATR and Supertrend are known from 14 and 10 bars.

// Tuesday 24 Nov 2026, 11:05 New York (EST: UTC−5): a running session, Monday the prior one.
export const NOW = Date.UTC(2026, 10, 24, 16, 5);
export const TODAY = sessionOfDay(Math.floor(Date.UTC(2026, 10, 24) / 86_400_000)) as SessionDay;
export const PRIOR = sessionsBefore(TODAY, 1)[0] as SessionDay;

export interface FixtureSymbol {
  sym: string;
  /** Base price. */
  price: number;
  /** Completed sessions of daily bars the vendor has (the newest ones). */
  sessions: number;
  /** Whether the vendor serves 15-minute bars for it. */
  intraday: boolean;
  volume: number;
}

export const FIXTURE: readonly FixtureSymbol[] = [
  { sym: 'AAA', price: 50, sessions: 60, intraday: true, volume: 2_000_000 },
  { sym: 'BBB', price: 400, sessions: 60, intraday: true, volume: 5_000_000 },
  { sym: 'NEWB', price: 10, sessions: 15, intraday: false, volume: 300_000 },
];

const wiggle = (k: number) => (k % 2 === 0 ? 0.05 : -0.05);

/** The symbol's daily bar of a session, or null before its history begins. */
export function dailyBar(f: FixtureSymbol, s: SessionDay): VendorBar | null {
  const all = sessionsBefore(TODAY, 60);
  const k = all.findIndex((x) => x.day === s.day);
  if (k < 0 || k < all.length - f.sessions) return null;
  const c = f.price + wiggle(k);
  // Massive's daily `t` is the session's 16:00 New York; the date is what counts.
  return { t: nyWallToUtc(s.day, 960), o: c - 0.02, h: c + 1, l: c - 1, c, v: f.volume + k, vw: c };
}

/** The symbol's 15-minute bars of a session from 04:00 up to `until` (windows begun by then). */
export function quarterBars(f: FixtureSymbol, s: SessionDay, until: number): VendorBar[] {
  const out: VendorBar[] = [];
  for (let t = s.start, k = 0; t < s.end && t <= until; t += 900_000, k++) {
    const c = f.price + wiggle(k) / 10;
    out.push({ t, o: c, h: c + 0.1, l: c - 0.1, c, v: 1000 + k, vw: c });
  }
  return out;
}

/** The engine's Discovery rows of a timeframe as Pro Plus gets them, by symbol. */
export const discoveryRows = (r: EngineRuntime, tf: '1day' | '1hr' | '15min'): Map<string, DiscoveryRow> =>
  new Map(
    (JSON.parse(r.answer({ kind: 'discovery', tf, access: 'proplus' })) as DiscoveryRow[]).map((row) => [
      row.s,
      row,
    ]),
  );

/**
 * What a start with the fixture's history gives, whatever the vendor: Monday's daily close is
 * AAA's prior close and its average the last 20 daily volumes; ATR, squeeze and trend for the
 * symbols with 60 sessions on every timeframe; NEWB's 15 sessions are enough for ATR(14) and
 * Supertrend(10), not for the 20-bar squeeze; today's quarter hours so far are the forming
 * 15-minute bar's volume.
 */
export function expectFixtureHistory(runtime: EngineRuntime): void {
  const { table } = runtime.engine;
  const aaa = runtime.engine.idOf('AAA');
  expect(table.prevClose[aaa]).toBe((dailyBar(FIXTURE[0] as FixtureSymbol, PRIOR) as { c: number }).c);
  expect(table.avgVolume[aaa]).toBeCloseTo(2_000_000 + 49.5, 6);
  for (const tf of ['1day', '1hr', '15min'] as const) {
    for (const sym of ['AAA', 'BBB']) {
      const row = discoveryRows(runtime, tf).get(sym);
      expect(typeof row?.tr, `${sym} ${tf} tr`).toBe('number');
      expect(typeof row?.z, `${sym} ${tf} z`).toBe('number');
      expect(Array.isArray(row?.st), `${sym} ${tf} st`).toBe(true);
    }
  }
  const newb = discoveryRows(runtime, '1day').get('NEWB');
  expect(typeof newb?.tr).toBe('number');
  expect(Array.isArray(newb?.st)).toBe(true);
  expect(newb?.z).toBeNull();
  expect(discoveryRows(runtime, '15min').get('AAA')?.v).toBe(1000 + 28);
}
