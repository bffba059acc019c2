import { describe, expect, it } from 'vitest';
import { REDACTED, redactUrl } from './redactUrl.ts';

const TOKEN = 'q1w2e3r4t5y6u7i8o9p0a1s2d3f4g5h6j7k8l9z0x1c'; // 43 base64url chars, as oneTimeTokens makes
const API_KEY = `tl_live_AbCdEfGhIjKlMnOp_${TOKEN}`;
const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl';

describe('redactUrl', () => {
  it.each([
    [`/api/auth/verify_email/${TOKEN}`, `/api/auth/verify_email/${REDACTED}`],
    [`/api/auth/verify_email/short`, `/api/auth/verify_email/${REDACTED}`],
    [`/reset-password?token=${TOKEN}`, `/reset-password?token=${REDACTED}`],
    [
      `/socket.io/?EIO=4&transport=polling&token=${JWT}`,
      `/socket.io/?EIO=4&transport=polling&token=${REDACTED}`,
    ],
    [`/api/x?a=1&access_token=${JWT}&b=2`, `/api/x?a=1&access_token=${REDACTED}&b=2`],
    [`/api/x?Access%5FToken=${JWT}`, `/api/x?Access%5FToken=${REDACTED}`],
    [`/api/auth/confirm_email/${TOKEN}?x=1`, `/api/auth/confirm_email/${REDACTED}?x=1`],
    [`/some/new/link/${TOKEN}`, `/some/new/link/${REDACTED}`],
    [`/data/x/${JWT}`, `/data/x/${REDACTED}`],
    // A personal API key under any name, or as a path segment (they are refused there anyway).
    [`/api/v1/me?q=${API_KEY}&tf=1day`, `/api/v1/me?q=${REDACTED}&tf=1day`],
    [`/ws/v1?apikey=${API_KEY}`, `/ws/v1?apikey=${REDACTED}`],
    [`/api/v1/${API_KEY}`, `/api/v1/${REDACTED}`],
    [
      `http://tapeline.test:8080/api/auth/verify_email/${TOKEN}`,
      `http://tapeline.test:8080/api/auth/verify_email/${REDACTED}`,
    ],
  ])('hides the secret in %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });

  it.each([
    '/api/stock_stats/inc/AAPL',
    '/api/profile/image/0b5f8a4e-6c1d-4f7e-9a2b-3c4d5e6f7a8b?v=1732300000000',
    '/verify?_t=invalid',
    '/api/settings',
    '/stock/BRK.B',
    '/',
    '/api/x?page=2&symbol=MSFT',
  ])('keeps %s as it is', (url) => {
    expect(redactUrl(url)).toBe(url);
  });

  it('drops a fragment, which a server never needs', () => {
    expect(redactUrl(`/reset-password#token=${TOKEN}`)).toBe('/reset-password');
  });
});
