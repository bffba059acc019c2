import { describe, expect, it } from 'vitest';
import { loginDelayMs, MAX_DELAY_MS } from './loginDelay.ts';

describe('login delay', () => {
  it('lets a few typos through at once', () => {
    expect(loginDelayMs(0)).toBe(0);
    expect(loginDelayMs(10)).toBe(0);
  });

  it('grows with an account’s failures and stops at two seconds', () => {
    expect(loginDelayMs(11)).toBe(25);
    expect(loginDelayMs(50)).toBe(1000);
    expect(loginDelayMs(90)).toBe(MAX_DELAY_MS);
    expect(loginDelayMs(10_000)).toBe(MAX_DELAY_MS);
  });
});
