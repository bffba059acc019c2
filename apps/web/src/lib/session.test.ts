import { describe, expect, it } from 'vitest';
import { fakeJwt } from '../testing/testTokens.ts';
import {
  clearPersistedState,
  clearToken,
  readToken,
  replaceToken,
  type Stores,
  saveToken,
  startupToken,
  storeFor,
} from './session.ts';
import { memoryStore, PENDING_EMAIL_KEY, PLAN_KEY, TOKEN_KEY } from './storageKeys.ts';

const stores = (): Stores => ({ local: memoryStore(), session: memoryStore() });
const NOW = Date.UTC(2024, 5, 1);
const live = fakeJwt({ sub: 'u1', exp: NOW / 1000 + 3600 });
const dead = fakeJwt({ sub: 'u1', exp: NOW / 1000 - 1 });

describe('token storage', () => {
  it('keeps the token in localStorage only when "Keep me signed in" is ticked', () => {
    expect(storeFor(true)).toBe('local');
    expect(storeFor(false)).toBe('session');

    const remembered = stores();
    saveToken(remembered, live, true);
    expect(remembered.local.getItem(TOKEN_KEY)).toBe(live);
    expect(remembered.session.getItem(TOKEN_KEY)).toBeNull();

    const tabOnly = stores();
    saveToken(tabOnly, live, false);
    expect(tabOnly.session.getItem(TOKEN_KEY)).toBe(live);
    expect(tabOnly.local.getItem(TOKEN_KEY)).toBeNull();
  });

  it('leaves only one copy when the choice changes between logins', () => {
    const s = stores();
    saveToken(s, 'first', true);
    saveToken(s, 'second', false);
    expect(s.local.getItem(TOKEN_KEY)).toBeNull();
    expect(readToken(s)).toBe('second');
  });

  it('puts a replacement token where the old one lived', () => {
    const remembered = stores();
    saveToken(remembered, 'old', true);
    replaceToken(remembered, 'new');
    expect(remembered.local.getItem(TOKEN_KEY)).toBe('new');

    const tabOnly = stores();
    saveToken(tabOnly, 'old', false);
    replaceToken(tabOnly, 'new');
    expect(tabOnly.session.getItem(TOKEN_KEY)).toBe('new');
    expect(tabOnly.local.getItem(TOKEN_KEY)).toBeNull();
  });

  it('clears the token from both storages', () => {
    const s = stores();
    s.local.setItem(TOKEN_KEY, 'a');
    s.session.setItem(TOKEN_KEY, 'b');
    clearToken(s);
    expect(readToken(s)).toBeNull();
  });
});

describe('session at start', () => {
  it('resolves to no token when nothing is stored', () => {
    expect(startupToken(stores(), NOW)).toBeNull();
  });

  it('keeps an unexpired token', () => {
    const s = stores();
    saveToken(s, live, true);
    expect(startupToken(s, NOW)).toBe(live);
  });

  it('clears an expired token without any request', () => {
    const s = stores();
    saveToken(s, dead, true);
    expect(startupToken(s, NOW)).toBeNull();
    expect(readToken(s)).toBeNull();
  });
});

describe('logout', () => {
  it("wipes every tapeline key from both storages and leaves other sites' keys", () => {
    const s = stores();
    saveToken(s, live, true);
    s.local.setItem(PLAN_KEY, 'pro');
    s.session.setItem(PENDING_EMAIL_KEY, 'a@b.co');
    s.local.setItem('other.app', 'keep');
    clearPersistedState(s);
    expect(s.local.length).toBe(1);
    expect(s.local.getItem('other.app')).toBe('keep');
    expect(s.session.length).toBe(0);
  });
});
