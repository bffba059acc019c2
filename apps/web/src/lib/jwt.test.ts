import { describe, expect, it } from 'vitest';
import { fakeJwt } from '../testing/testTokens.ts';
import { isTokenExpired, jwtClaims, jwtExpiry } from './jwt.ts';

const NOW = Date.UTC(2024, 0, 2, 15, 30);
const nowSeconds = Math.floor(NOW / 1000);

describe('jwt', () => {
  it('reads exp from a base64url payload', () => {
    expect(jwtExpiry(fakeJwt({ sub: 'u1', exp: 1_700_000_000 }))).toBe(1_700_000_000);
  });

  it('decodes payloads whose base64url uses - and _', () => {
    // '~~~' and '???' encode to characters that differ between base64 and base64url.
    const token = fakeJwt({ a: '~~~???', exp: 5 });
    expect(token.split('.')[1]).toMatch(/[-_]/);
    expect(jwtClaims(token)).toEqual({ a: '~~~???', exp: 5 });
  });

  it('treats a past exp as expired and a future one as not', () => {
    expect(isTokenExpired(fakeJwt({ exp: nowSeconds - 1 }), NOW)).toBe(true);
    expect(isTokenExpired(fakeJwt({ exp: nowSeconds }), NOW)).toBe(true);
    expect(isTokenExpired(fakeJwt({ exp: nowSeconds + 60 }), NOW)).toBe(false);
  });

  it('counts unreadable tokens as expired', () => {
    expect(isTokenExpired('', NOW)).toBe(true);
    expect(isTokenExpired('not-a-jwt', NOW)).toBe(true);
    expect(isTokenExpired('a.%%%.c', NOW)).toBe(true);
    expect(isTokenExpired(`a.${btoa('[1,2]')}.c`, NOW)).toBe(true);
  });

  it('leaves a readable token without exp to the server', () => {
    expect(isTokenExpired(fakeJwt({ sub: 'u1' }), NOW)).toBe(false);
    expect(jwtExpiry(fakeJwt({ exp: 'soon' }))).toBeNull();
  });
});
