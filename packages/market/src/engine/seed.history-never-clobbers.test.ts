import { describe, expect, it } from 'vitest';
import { I_COUNT, IND_STRIDE } from '../indicators/barState.ts';
import { openingBell } from '../simulator/clock.ts';
import { HISTORY_BARS, simulatedHistory } from '../simulator/history.ts';
import { generateUniverse } from '../simulator/universe.ts';
import { TF_COUNT, TF_DAY, TF_INDEX, TF_WEEK } from '../timeframes.ts';
import { MarketEngine } from './MarketEngine.ts';
import { seedHistory } from './seed.ts';
import { testClock } from './testClock.ts';

// Wednesday 25 November 2026 (EST): the simulator's bell and a few minutes of tape after it.
const OPEN = openingBell(Date.UTC(2026, 10, 25, 12));
const refs = generateUniverse(21, 60);
const history = simulatedHistory(refs, { seed: 9, startTs: OPEN });

function seededEngine(clockAt = OPEN) {
  const clock = testClock(clockAt);
  const e = new MarketEngine({ clock });
  for (const r of refs) e.setReference(r);
  const counts = seedHistory(e, history);
  return { e, clock, counts };
}

/** Everything seeding may write, copied out for comparison. */
function state(e: MarketEngine) {
  const n = e.table.count;
  const b = e.bars;
  return {
    hist: [...b.hist.subarray(0, n * TF_COUNT * b.history * 7)],
    ind: [...b.ind.subarray(0, n * TF_COUNT * IND_STRIDE)],
    forming: [...b.fStart.subarray(0, n * TF_COUNT), ...b.fVolume.subarray(0, n * TF_COUNT)],
    profile: [...e.profile.avg.subarray(0, n * 64), ...e.profile.sessions.subarray(0, n)],
  };
}

describe('seeding history into the engine', () => {
  it('takes every generated bar, keeps the last ring-full, and one forming week and month per symbol', () => {
    const { e, counts } = seededEngine();
    expect(counts).toEqual({ bars: 60 * TF_COUNT * HISTORY_BARS, forming: 120, profiles: 60 });
    const spy = e.idOf('SPY');
    expect(e.bars.hLen[spy * TF_COUNT + TF_DAY]).toBe(12);
    const daily = e.bars.bars(spy, TF_DAY);
    expect(daily[11]?.close).toBe(662.4);
    expect(daily[11]?.start).toBe(Date.UTC(2026, 10, 24, 9));
    // The indicators saw all 40 bars, not just the 12 the ring keeps.
    expect(e.bars.ind[(spy * TF_COUNT + TF_DAY) * IND_STRIDE + I_COUNT]).toBe(HISTORY_BARS);
  });

  it('takes nothing the second time', () => {
    const { e } = seededEngine();
    const before = state(e);
    expect(seedHistory(e, history)).toEqual({ bars: 0, forming: 0, profiles: 0 });
    expect(state(e)).toEqual(before);
  });

  it('continues the history with the first print: the forming week grows, the day bar starts at 04:00', () => {
    const { e } = seededEngine();
    const spy = e.idOf('SPY');
    const week = spy * TF_COUNT + TF_WEEK;
    const seededVolume = e.bars.fVolume[week] as number;
    e.ingest({ sym: 'SPY', price: 663, size: 500, ts: OPEN + 1000 });
    expect(e.bars.fVolume[week]).toBe(seededVolume + 500);
    expect(e.bars.fStart[week]).toBe(Date.UTC(2026, 10, 23, 9));
    expect(e.bars.fStart[spy * TF_COUNT + TF_DAY]).toBe(Date.UTC(2026, 10, 25, 9));
    expect(e.bars.bars(spy, TF_DAY).at(-1)?.close).toBe(662.4);
    expect(e.bars.bars(spy, TF_INDEX['15min']).at(-1)?.start).toBe(Date.UTC(2026, 10, 25, 0, 45));
  });

  it('leaves a checkpoint restored for the same session as it was', () => {
    const { e, clock } = seededEngine();
    for (let k = 0; k < 30; k++)
      e.ingest({ sym: refs[k % 5]?.sym ?? 'SPY', price: 100 + k, size: 100, ts: OPEN + k * 60_000 });
    clock.set(OPEN + 40 * 60_000);
    const snap = e.snapshot();
    const taken = state(e);

    const restarted = new MarketEngine({ clock: testClock(OPEN + 41 * 60_000) });
    expect(restarted.restore(snap).ok).toBe(true);
    for (const r of refs) restarted.setReference(r);
    expect(seedHistory(restarted, history)).toEqual({ bars: 0, forming: 0, profiles: 0 });
    expect(state(restarted)).toEqual(taken);
  });
});
