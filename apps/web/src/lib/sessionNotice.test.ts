import { describe, expect, it } from 'vitest';
import { clearPersistedState, type Stores } from './session.ts';
import { setSessionNotice, takeSessionNotice } from './sessionNotice.ts';
import { memoryStore } from './storageKeys.ts';

const stores = (): Stores => ({ local: memoryStore(), session: memoryStore() });

describe('session notice', () => {
  it('is read once, on the next login screen', () => {
    const s = stores();
    setSessionNotice(s, 'expired');
    expect(takeSessionNotice(s)).toBe('expired');
    expect(takeSessionNotice(s)).toBeNull();
  });

  it('is none when no session ended', () => {
    expect(takeSessionNotice(stores())).toBeNull();
  });

  it('is wiped with the rest of the persisted state if set before a logout', () => {
    const s = stores();
    setSessionNotice(s, 'expired');
    clearPersistedState(s);
    expect(takeSessionNotice(s)).toBeNull();
  });
});
