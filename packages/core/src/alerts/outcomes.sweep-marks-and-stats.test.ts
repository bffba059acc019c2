import { describe, expect, it } from 'vitest';
import { movePercent, type OutcomeMoves, outcomeStats, sweepMarks } from './outcomes.ts';

const T = Date.UTC(2026, 10, 20, 15, 0); // 10:00 New York
const CLOSE = Date.UTC(2026, 10, 20, 21, 0); // 16:00 New York
const MIN = 60_000;
const none = [false, false, false, false, false];

describe('outcome ledger marks', () => {
  it('records nothing before the first mark', () => {
    expect(sweepMarks(T, CLOSE, 10, none, T + 59_999, 10.5)).toEqual([]);
  });

  it('records each mark at the first sweep at or after it, as the % move from the fire price', () => {
    expect(sweepMarks(T, CLOSE, 10, none, T + 60_000 + 30_000, 10.12)).toEqual([{ mark: 'm1', move: 1.2 }]);
    const settled = [true, false, false, false, false];
    expect(sweepMarks(T, CLOSE, 10, settled, T + 5 * MIN + 1, 9.85)).toEqual([{ mark: 'm5', move: -1.5 }]);
    expect(sweepMarks(T, CLOSE, 10, [true, true, true, true, false], CLOSE + 10_000, 11)).toEqual([
      { mark: 'close', move: 10 },
    ]);
  });

  it('gives up a mark a sweep reaches more than two minutes late, or without a price', () => {
    expect(sweepMarks(T, CLOSE, 10, none, T + 16 * MIN, 10.3)).toEqual([
      { mark: 'm1', missed: true },
      { mark: 'm5', missed: true },
      { mark: 'm15', move: 3 },
    ]);
    expect(sweepMarks(T, CLOSE, 10, none, T + MIN, null)).toEqual([{ mark: 'm1', missed: true }]);
  });

  it('settles the close of a fire after the session end with its last minute mark', () => {
    const settled = [true, true, true, false, false];
    expect(sweepMarks(T, null, 10, settled, T + 30 * MIN, 10)).toEqual([
      { mark: 'm30', move: 0 },
      { mark: 'close', missed: true },
    ]);
  });

  it('rounds moves to two decimals', () => {
    expect(movePercent(3, 3.1)).toBe(3.33);
    expect(movePercent(190.25, 189)).toBe(-0.66);
  });
});

describe('outcome figures', () => {
  const fire = (session: number, m5: number | null, m30: number | null, close: number | null = null) => ({
    session,
    moves: { m1: null, m5, m15: null, m30, close } satisfies OutcomeMoves,
  });

  it('counts fires and sessions and leaves unrecorded moves out of each mark', () => {
    const stats = outcomeStats([
      fire(20261119, 1, 2, 3),
      fire(20261119, -0.5, null),
      fire(20261120, 2, -1, 1),
      fire(20261120, null, 4),
    ]);
    expect(stats).toEqual({
      fires: 4,
      sessions: 2,
      positive5: 0.67,
      positive30: 0.67,
      mean5: 0.83,
      median5: 1,
      mean30: 1.67,
      median30: 2,
      meanClose: 2,
    });
  });

  it('has no figures for a mark nothing recorded, and a median between two middles', () => {
    const stats = outcomeStats([fire(1, 1, null), fire(1, 2, null)]);
    expect(stats.median5).toBe(1.5);
    expect(stats.positive30).toBeNull();
    expect(stats.mean30).toBeNull();
    expect(outcomeStats([]).fires).toBe(0);
  });
});
