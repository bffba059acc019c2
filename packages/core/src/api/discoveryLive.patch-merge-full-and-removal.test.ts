import { describe, expect, it } from 'vitest';
import { servedRow } from '../discovery/fixtures.test-support.ts';
import {
  applyDiscoveryPatch,
  DISCOVERY_LIVE_EVENTS,
  discoveryPatchSchema,
  discoverySubscribeSchema,
} from './discoveryLive.ts';
import { PROTOCOL_VERSION } from './protocol.ts';

const row = (s: string, l: number) => ({ s, l });
const table = [row('ABC', 1), row('DEF', 2), row('XYZ', 3)];

describe('applyDiscoveryPatch', () => {
  it('replaces changed rows in place and keeps the others as they were (same objects)', () => {
    const next = applyDiscoveryPatch(table, { rows: [row('DEF', 2.5)], removed: [] });
    expect(next).toEqual([row('ABC', 1), row('DEF', 2.5), row('XYZ', 3)]);
    expect(next[0]).toBe(table[0]);
    expect(next[2]).toBe(table[2]);
    expect(table[1]).toEqual(row('DEF', 2)); // the input is not modified
  });

  it('appends new symbols in the patch order and drops removed ones', () => {
    const next = applyDiscoveryPatch(table, {
      rows: [row('NEW2', 9), row('ABC', 1.1), row('NEW1', 8)],
      removed: ['XYZ'],
    });
    expect(next.map((r) => r.s)).toEqual(['ABC', 'DEF', 'NEW2', 'NEW1']);
    expect(next[0]).toEqual(row('ABC', 1.1));
  });

  it('lets a removal win over a row of the same symbol', () => {
    const next = applyDiscoveryPatch(table, {
      rows: [row('ABC', 5), row('NEW', 1)],
      removed: ['ABC', 'NEW'],
    });
    expect(next.map((r) => r.s)).toEqual(['DEF', 'XYZ']);
  });

  it('replaces everything on a full patch', () => {
    const next = applyDiscoveryPatch(table, { rows: [row('ONLY', 1)], removed: [], full: true });
    expect(next).toEqual([row('ONLY', 1)]);
  });

  it('returns a copy with the same rows for an empty patch', () => {
    const next = applyDiscoveryPatch(table, { rows: [], removed: [] });
    expect(next).toEqual(table);
    expect(next).not.toBe(table);
  });
});

describe('the live-mode messages', () => {
  it('takes a subscribe of this protocol with an engine or short timeframe name', () => {
    expect(discoverySubscribeSchema.parse({ v: PROTOCOL_VERSION, tf: '1d' })).toEqual({
      v: PROTOCOL_VERSION,
      tf: '1day',
    });
    expect(discoverySubscribeSchema.safeParse({ v: PROTOCOL_VERSION, tf: '15min' }).success).toBe(true);
    expect(discoverySubscribeSchema.safeParse({ v: PROTOCOL_VERSION, tf: '7min' }).success).toBe(false);
    expect(discoverySubscribeSchema.safeParse({ v: PROTOCOL_VERSION + 1, tf: '1day' }).success).toBe(false);
    expect(discoverySubscribeSchema.safeParse({ tf: '1day' }).success).toBe(false);
  });

  it('checks each patched row as a fetched row: keys a plan hides may be absent, extra keys go, bad rows fail', () => {
    const { z: _z, mf: _mf, ...proRow } = servedRow({ s: 'ABC', l: 1 });
    const patch = { v: PROTOCOL_VERSION, tf: '1day', ts: 1, rows: [{ ...proRow, extra: 9 }], removed: [] };
    expect(discoveryPatchSchema.parse(patch).rows[0]).toEqual(proRow);
    expect(discoveryPatchSchema.safeParse({ ...patch, rows: [{ ...proRow, s: '' }] }).success).toBe(false);
    expect(discoveryPatchSchema.safeParse({ ...patch, rows: [{ ...proRow, l: '1' }] }).success).toBe(false);
    expect(DISCOVERY_LIVE_EVENTS.patch).toBe('discovery_patch');
  });
});
