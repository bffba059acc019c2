import { describe, expect, it } from 'vitest';
import { DEFAULT_SIM_SYMBOLS } from '../../platform/envSchema.ts';
import { SEEDED_SESSIONS, sessionsToSeed } from './seedSessions.ts';

describe('sessionsToSeed', () => {
  it('seeds five sessions for the default universe, fewer in proportion for a smaller one, at least one', () => {
    expect(sessionsToSeed(DEFAULT_SIM_SYMBOLS)).toBe(SEEDED_SESSIONS);
    expect(sessionsToSeed(50_000)).toBe(SEEDED_SESSIONS);
    expect(sessionsToSeed(6_000)).toBe(3);
    // The e2e server's universe, and the tests' smallest.
    expect(sessionsToSeed(2_000)).toBe(1);
    expect(sessionsToSeed(3)).toBe(1);
  });
});
