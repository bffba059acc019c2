import { describe, expect, it } from 'vitest';
import { CallError } from './api.ts';
import { isTransient, shouldRetry } from './queryClient.ts';

const api = (status: number) => new CallError({ kind: 'api', status, code: 'x' });

describe('the app-wide read retry', () => {
  it('tries a network failure, a timeout, a 5xx and a 429 again; never what was refused on purpose', () => {
    expect(isTransient(new CallError({ kind: 'network' }))).toBe(true);
    expect(isTransient(api(503))).toBe(true);
    expect(isTransient(api(429))).toBe(true);
    for (const status of [400, 401, 403, 404, 422]) expect(isTransient(api(status))).toBe(false);
    expect(isTransient(new Error('a bug'))).toBe(false);
  });

  it('stops after two retries', () => {
    expect(shouldRetry(0, api(503))).toBe(true);
    expect(shouldRetry(1, api(503))).toBe(true);
    expect(shouldRetry(2, api(503))).toBe(false);
  });
});
