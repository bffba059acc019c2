import { describe, expect, it } from 'vitest';
import { BAR_FIELDS, BF_CLOSE, BF_HIGH, BF_LOW, BF_OPEN, BF_START, BF_VOLUME } from '../bars/barStore.ts';
import type { ReferenceData } from '../events.ts';
import { TIMEFRAMES, type Timeframe } from '../timeframes.ts';
import { openingBell } from './clock.ts';
import { HISTORY_BARS, simulatedHistory } from './history.ts';
import { generateUniverse } from './universe.ts';

// Wednesday 25 November 2026, 09:30 New York: the week so far is Monday and Tuesday, the
// month so far 2–24 November.
const WED = openingBell(Date.UTC(2026, 10, 25, 12));

interface Collected {
  bars: Map<string, number[][]>;
  forming: Map<string, number[]>;
  profiles: Map<string, number[]>;
}

function collect(refs: readonly ReferenceData[], seed: number, startTs = WED): Collected {
  const out: Collected = { bars: new Map(), forming: new Map(), profiles: new Map() };
  simulatedHistory(refs, { seed, startTs }).replay({
    bars(sym, tf, data, count) {
      const rows: number[][] = [];
      for (let k = 0; k < count; k++) rows.push([...data.subarray(k * BAR_FIELDS, (k + 1) * BAR_FIELDS)]);
      out.bars.set(`${sym} ${tf}`, rows);
    },
    forming(sym, tf, bar) {
      out.forming.set(`${sym} ${tf}`, [...bar]);
    },
    profile(sym, slots) {
      out.profiles.set(sym, [...slots]);
    },
  });
  return out;
}

const refs = generateUniverse(11, 400);
const got = collect(refs, 5);
const bars = (sym: string, tf: Timeframe) => got.bars.get(`${sym} ${tf}`) ?? [];
const last = <T>(a: readonly T[]): T => a[a.length - 1] as T;

describe('seeded history continues into the reference data', () => {
  it('ends every symbol’s daily bars, and every intraday timeframe, on its prior close', () => {
    for (const ref of refs) {
      for (const tf of ['15min', '30min', '1hr', '2hr', '4hr', '1day'] as const) {
        expect(last(bars(ref.sym, tf))[BF_CLOSE]).toBe(ref.prevClose);
      }
    }
    expect(last(bars('SPY', '1day'))[BF_CLOSE]).toBe(662.4);
    expect(last(bars('QQQ', '1day'))[BF_CLOSE]).toBe(598.7);
    expect(last(bars('DIA', '1day'))[BF_CLOSE]).toBe(468.9);
  });

  it('closes the last completed week on Friday’s daily close and builds the forming week from Monday and Tuesday', () => {
    const monday = Date.UTC(2026, 10, 23, 9);
    const friday = Date.UTC(2026, 10, 20, 9);
    for (const ref of refs.slice(0, 50)) {
      const daily = bars(ref.sym, '1day');
      const fri = daily.find((b) => b[BF_START] === friday) as number[];
      expect(last(bars(ref.sym, '1wk'))[BF_CLOSE]).toBe(fri[BF_CLOSE]);
      const week = daily.filter((b) => (b[BF_START] as number) >= monday);
      expect(week.map((b) => b[BF_START])).toEqual([monday, Date.UTC(2026, 10, 24, 9)]);
      const forming = got.forming.get(`${ref.sym} 1wk`) as number[];
      expect(forming[BF_START]).toBe(monday);
      expect(forming[BF_OPEN]).toBe(week[0]?.[BF_OPEN]);
      expect(forming[BF_HIGH]).toBe(Math.max(...week.map((b) => b[BF_HIGH] as number)));
      expect(forming[BF_LOW]).toBe(Math.min(...week.map((b) => b[BF_LOW] as number)));
      expect(forming[BF_CLOSE]).toBe(ref.prevClose);
      expect(forming[BF_VOLUME]).toBe((week[0]?.[BF_VOLUME] as number) + (week[1]?.[BF_VOLUME] as number));
    }
  });

  it('closes October on its last daily close and builds the forming month from 2–24 November', () => {
    const oct30 = Date.UTC(2026, 9, 30, 8); // Friday, still EDT
    const nov1 = Date.UTC(2026, 10, 1, 9); // Sunday 1 November, 04:00 EST: DST ended at 02:00
    for (const ref of refs.slice(0, 50)) {
      const daily = bars(ref.sym, '1day');
      expect(last(bars(ref.sym, '1mo'))[BF_CLOSE]).toBe(daily.find((b) => b[BF_START] === oct30)?.[BF_CLOSE]);
      const forming = got.forming.get(`${ref.sym} 1mo`) as number[];
      expect(forming[BF_START]).toBe(nov1);
      const month = daily.filter((b) => (b[BF_START] as number) >= nov1);
      expect(month).toHaveLength(17);
      expect(forming[BF_VOLUME]).toBe(month.reduce((s, b) => s + (b[BF_VOLUME] as number), 0));
    }
  });

  it('has no forming week on a Monday and no forming month on the 1st', () => {
    const mon = collect(refs.slice(0, 3), 5, openingBell(Date.UTC(2026, 10, 30, 12)));
    expect(mon.forming.has('SPY 1wk')).toBe(false);
    expect(mon.forming.has('SPY 1mo')).toBe(true);
    const first = collect(refs.slice(0, 3), 5, openingBell(Date.UTC(2026, 11, 1, 12)));
    expect(first.forming.has('SPY 1mo')).toBe(false);
    expect(first.forming.get('SPY 1wk')?.[BF_START]).toBe(Date.UTC(2026, 10, 30, 9));
  });

  it('gives exactly HISTORY_BARS completed bars per timeframe, OHLC on the tick grid and consistent', () => {
    const onTick = (x: number) => {
      const tick = x >= 1 ? 100 : 10_000;
      return Math.abs(Math.round(x * tick) - x * tick) < 1e-6;
    };
    const bad: string[] = [];
    for (const ref of refs) {
      for (const tf of TIMEFRAMES) {
        const list = bars(ref.sym, tf);
        if (list.length !== HISTORY_BARS) bad.push(`${ref.sym} ${tf}: ${list.length} bars`);
        for (const b of list) {
          const [o, h, l, c, v] = [b[BF_OPEN], b[BF_HIGH], b[BF_LOW], b[BF_CLOSE], b[BF_VOLUME]] as number[];
          const ok =
            (h as number) >= Math.max(o as number, c as number) &&
            (l as number) <= Math.min(o as number, c as number) &&
            (l as number) > 0 &&
            [o, h, l, c].every((x) => onTick(x as number)) &&
            Number.isInteger(v) &&
            (v as number) >= 1;
          if (!ok) bad.push(`${ref.sym} ${tf} ${b.join(' ')}`);
        }
      }
    }
    expect(bad).toEqual([]);
  });

  it('is the same for the same seed and start, and different for another seed or start', () => {
    const small = refs.slice(0, 20);
    const a = collect(small, 5);
    const b = collect(small, 5);
    expect(b.bars).toEqual(a.bars);
    expect(b.forming).toEqual(a.forming);
    expect(b.profiles).toEqual(a.profiles);
    // A history matches whatever else the universe holds: the first 20 symbols of 400 agree.
    expect(a.bars.get('SPY 1day')).toEqual(bars('SPY', '1day'));
    const other = collect(small, 6);
    expect(other.bars.get('SPY 1day')?.[0]).not.toEqual(a.bars.get('SPY 1day')?.[0]);
    const friday = collect(small, 5, openingBell(Date.UTC(2026, 10, 27, 12)));
    expect(friday.bars.get('SPY 1day')?.[0]?.[BF_OPEN]).not.toBe(a.bars.get('SPY 1day')?.[0]?.[BF_OPEN]);
  });
});
