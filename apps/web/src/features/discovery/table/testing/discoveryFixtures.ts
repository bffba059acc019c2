import type { ServedDiscoveryRow } from '@tapeline/core';

/** A served row as the data host sends it to Pro Plus (every key), with overrides. */
export function servedRow(s: string, overrides: Partial<ServedDiscoveryRow> = {}): ServedDiscoveryRow {
  return {
    s,
    l: 25,
    p: [1, 0.25],
    pl: 24.75,
    v: 120_000,
    av: 100_000,
    m: 2,
    u: 10,
    vw: 0.5,
    e: 9,
    f: 5_000_000,
    sr: 1.5,
    t: 0,
    n: null,
    g: 0.1,
    z: 3,
    tr: 2,
    st: [1, 24, 0],
    mf: [3_000_000, 5],
    rv: [120_000, 4],
    ...overrides,
  };
}

/** The same row as a plan sees it: the keys it may not see left out (core hiddenDiscoveryKeys). */
export function strip(row: ServedDiscoveryRow, keys: readonly string[]): ServedDiscoveryRow {
  return Object.fromEntries(Object.entries(row).filter(([k]) => !keys.includes(k))) as ServedDiscoveryRow;
}
