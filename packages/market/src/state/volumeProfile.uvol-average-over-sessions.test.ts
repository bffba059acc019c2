import { describe, expect, it } from 'vitest';
import { PROFILE_SESSIONS, VolumeProfile } from './volumeProfile.ts';

describe('volume profile for uVol', () => {
  it('averages each 15-minute slot over the sessions seen, then fades old sessions', () => {
    const p = new VolumeProfile(4);
    p.add(1, 0, 100);
    p.add(1, 22, 300);
    p.foldSession(2);
    p.add(1, 0, 300);
    p.foldSession(2);
    expect(p.avg[64 + 0]).toBe(200);
    expect(p.avg[64 + 22]).toBe(150);
    expect(p.sessions[1]).toBe(2);
    expect(p.sessions[0]).toBe(0); // never traded: not averaged in
    expect(p.sum(p.today, 1, 0, 63)).toBe(0);
    for (let k = 0; k < 100; k++) p.foldSession(2);
    expect(p.sessions[1]).toBe(102);
    expect(p.avg[64]).toBeLessThan(200 * (1 - 1 / PROFILE_SESSIONS) ** 99);
  });
});
