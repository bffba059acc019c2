import type { HistoryTarget } from '@tapeline/market';
import { describe, expect, it } from 'vitest';
import { buildHistory, currentSession, type DailyBar, type VendorBar } from './buildHistory.ts';

// Vendor bars onto the engine's grid, with literal bars. Week of Monday 23 Nov 2026 (EST: New
// York hh:mm is UTC hh+5).
const ny = (d: number, h: number, m = 0) => Date.UTC(2026, 10, d, h + 5, m);
const FRI = Date.UTC(2026, 10, 20) / 86_400_000;
const MON = Date.UTC(2026, 10, 23) / 86_400_000;

function capture() {
  const got: {
    bars: Record<string, number[][]>;
    forming: Record<string, number[]>;
    profile: number[] | null;
  } = {
    bars: {},
    forming: {},
    profile: null,
  };
  const target: HistoryTarget = {
    bars(_sym, tf, data, count) {
      got.bars[tf] = Array.from({ length: count }, (_, k) => Array.from(data.subarray(k * 7, k * 7 + 7)));
    },
    forming(_sym, tf, bar) {
      got.forming[tf] = Array.from(bar);
    },
    profile(_sym, slots, sessions) {
      got.profile = [sessions, ...Array.from(slots).filter((v) => v > 0)];
    },
  };
  return { got, target };
}

const q = (d: number, h: number, m: number, c: number, v: number): VendorBar => ({
  t: ny(d, h, m),
  o: c,
  h: c + 1,
  l: c - 1,
  c,
  v,
  vw: c,
});
const day = (d: number, c: number, v: number): DailyBar => ({
  day: d,
  t: 0,
  o: c,
  h: c + 2,
  l: c - 2,
  c,
  v,
  vw: c,
});

describe('vendor bars on the engine grid', () => {
  it('a running session: days before it completed, its quarter hours roll up from the 09:30 bell', () => {
    const now = ny(24, 10, 5);
    expect(currentSession(now).live).toBe(true);
    const intraday = [
      q(24, 4, 0, 10, 100),
      q(24, 4, 15, 11, 200),
      q(24, 4, 30, 12, 300),
      q(24, 9, 15, 13, 400),
      q(24, 9, 30, 14, 500),
      q(24, 9, 45, 15, 600),
      q(24, 10, 0, 16, 700),
    ];
    const built = buildHistory(
      new Map([['ABC', { daily: [day(FRI, 20, 1000), day(MON, 21, 3000)], intraday }]]),
      now,
    );
    expect(built.derived.get('ABC')).toEqual({ prevClose: 21, avgVolume: 2000 });
    const { got, target } = capture();
    built.source.replay(target);
    // 1hr: 04:00–04:30 is short, then 04:30–05:30 … 08:30–09:30, 09:30–10:30 is forming.
    expect(got.bars['1hr']?.map((b) => [b[0], b[5]])).toEqual([
      [ny(24, 4), 300],
      [ny(24, 4, 30), 300],
      [ny(24, 8, 30), 400],
    ]);
    expect(got.forming['1hr']).toEqual([ny(24, 9, 30), 14, 17, 13, 16, 1800, 14 * 500 + 15 * 600 + 16 * 700]);
    // 15min: the 10:00 window has not ended at 10:05.
    expect(got.forming['15min']?.slice(0, 1)).toEqual([ny(24, 10)]);
    // Days: Friday and Monday completed from 04:00; today forming from its quarter hours.
    expect(got.bars['1day']?.map((b) => b[0])).toEqual([ny(20, 4), ny(23, 4)]);
    expect(got.forming['1day']?.slice(0, 6)).toEqual([ny(24, 4), 10, 17, 9, 16, 2800]);
    // The week began Monday: completed Friday's week, forming Monday + today.
    expect(got.bars['1wk']?.map((b) => [b[0], b[5]])).toEqual([[ny(16, 4), 1000]]);
    expect(got.forming['1wk']?.slice(0, 6)).toEqual([ny(23, 4), 21, 23, 9, 16, 3000 + 2800]);
    // No completed session of quarter hours yet: no profile.
    expect(got.profile).toBeNull();
  });

  it('an ended session is complete: its close is the prior close and its quarter hours the profile', () => {
    const now = ny(23, 21);
    expect(currentSession(now).live).toBe(false);
    const built = buildHistory(
      new Map([
        [
          'ABC',
          {
            daily: [day(FRI, 20, 1000), day(MON, 21, 3000)],
            intraday: [q(23, 4, 0, 10, 100), q(23, 9, 30, 11, 400)],
          },
        ],
      ]),
      now,
    );
    expect(built.derived.get('ABC')?.prevClose).toBe(21);
    const { got, target } = capture();
    built.source.replay(target);
    expect(got.bars['1day']?.map((b) => b[0])).toEqual([ny(20, 4), ny(23, 4)]);
    expect(got.forming['1day']).toBeUndefined();
    expect(got.bars['15min']?.map((b) => b[0])).toEqual([ny(23, 4), ny(23, 9, 30)]);
    expect(got.profile).toEqual([1, 100, 400]);
  });
});
