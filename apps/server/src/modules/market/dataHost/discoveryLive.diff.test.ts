import { hiddenDiscoveryKeys } from '@tapeline/core';
import { describe, expect, it } from 'vitest';
import { diffRows, patchRoom } from './discoveryLive.ts';

// The per-room diff of live mode: what changed for the plan, nothing else, removals named.

const full = (
  s: string,
  l: number,
  z: number | null = 1,
  st: [number, number, 0 | 1] | null = [1, l, 0],
) => ({
  s,
  l,
  p: [1, 0.1],
  z,
  st,
});
const held = (rows: ReturnType<typeof full>[], access: 'pro' | 'proplus') =>
  diffRows(undefined, rows, hiddenDiscoveryKeys(access));

describe('diffRows', () => {
  it('sends every row, stripped for the plan, to a room that held none', () => {
    const first = held([full('ABC', 1), full('XYZ', 2)], 'pro');
    expect(first.rows).toEqual([
      { s: 'ABC', l: 1, p: [1, 0.1] },
      { s: 'XYZ', l: 2, p: [1, 0.1] },
    ]);
    expect(first.removed).toEqual([]);
  });

  it('leaves out a change in a column the plan cannot see, and keeps the held objects', () => {
    const before = { ts: 0, rows: held([full('ABC', 1), full('XYZ', 2)], 'pro').after };
    const next = diffRows(
      before,
      [full('ABC', 1, 7, [-1, 1, 1]), full('XYZ', 2.5)],
      hiddenDiscoveryKeys('pro'),
    );
    expect(next.rows).toEqual([{ s: 'XYZ', l: 2.5, p: [1, 0.1] }]);
    expect(next.after.get('ABC')).toBe(before.rows.get('ABC'));

    const plusBefore = { ts: 0, rows: held([full('ABC', 1), full('XYZ', 2)], 'proplus').after };
    const plus = diffRows(plusBefore, [full('ABC', 1, 7), full('XYZ', 2)], []);
    expect(plus.rows).toEqual([full('ABC', 1, 7)]);
  });

  it('names removed symbols, sends new ones, and counts an array element change', () => {
    const before = { ts: 0, rows: held([full('ABC', 1), full('XYZ', 2)], 'proplus').after };
    const next = diffRows(before, [full('ABC', 1, 1, [1, 1.5, 0]), full('NEW', 3)], []);
    expect(next.rows.map((r) => r.s)).toEqual(['ABC', 'NEW']);
    expect(next.removed).toEqual(['XYZ']);
  });

  it('counts a key that appears as a change', () => {
    const before = { ts: 0, rows: held([{ s: 'ABC', l: 1 } as never], 'proplus').after };
    const next = diffRows(before, [{ s: 'ABC', l: 1, n: null }], []);
    expect(next.rows).toEqual([{ s: 'ABC', l: 1, n: null }]);
  });
});

describe('patchRoom', () => {
  it('sends a plan only the changed rows it sees a change in, and keeps its rows up to date', () => {
    const held = held0();
    // ABC changed in a Pro Plus column only; XYZ's price moved; NEW is new; DEF went away.
    const patch = patchRoom(
      held,
      [full('ABC', 1, 9), full('XYZ', 2.5), full('NEW', 4)],
      ['DEF', 'NOPE'],
      hiddenDiscoveryKeys('pro'),
    );
    expect(patch.rows).toEqual([
      { s: 'XYZ', l: 2.5, p: [1, 0.1] },
      { s: 'NEW', l: 4, p: [1, 0.1] },
    ]);
    expect(patch.removed).toEqual(['DEF']);
    expect([...held.keys()]).toEqual(['ABC', 'XYZ', 'NEW']);
    expect(held.get('XYZ')).toEqual({ s: 'XYZ', l: 2.5, p: [1, 0.1] });
  });
});

function held0() {
  return held([full('ABC', 1), full('DEF', 3), full('XYZ', 2)], 'pro').after;
}
