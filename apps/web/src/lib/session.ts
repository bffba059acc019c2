import { isTokenExpired } from './jwt.ts';
import { browserStores, type KeyValueStore, memoryStore, STORAGE_PREFIX, TOKEN_KEY } from './storageKeys.ts';

export interface Stores {
  local: KeyValueStore;
  session: KeyValueStore;
}

/** Falls back to memory so that a browser with storage disabled still gets a working tab. */
export const appStores: Stores = browserStores() ?? { local: memoryStore(), session: memoryStore() };

/** "Keep me signed in" survives a browser restart; otherwise the token dies with the tab. */
export function storeFor(remember: boolean): keyof Stores {
  return remember ? 'local' : 'session';
}

export function saveToken(stores: Stores, token: string, remember: boolean): void {
  const keep = storeFor(remember);
  const drop = storeFor(!remember);
  stores[drop].removeItem(TOKEN_KEY);
  stores[keep].setItem(TOKEN_KEY, token);
}

export function readToken(stores: Stores): string | null {
  return stores.local.getItem(TOKEN_KEY) ?? stores.session.getItem(TOKEN_KEY);
}

/** A refreshed token (after an email change) stays as long-lived as the one it replaces. */
export function replaceToken(stores: Stores, token: string): void {
  saveToken(stores, token, stores.local.getItem(TOKEN_KEY) !== null);
}

export function clearToken(stores: Stores): void {
  stores.local.removeItem(TOKEN_KEY);
  stores.session.removeItem(TOKEN_KEY);
}

/** Spec §4: logout clears the persisted state as well as the token. */
export function clearPersistedState(stores: Stores): void {
  for (const store of [stores.local, stores.session]) {
    const keys: string[] = [];
    for (let i = 0; i < store.length; i++) {
      const key = store.key(i);
      if (key?.startsWith(STORAGE_PREFIX)) keys.push(key);
    }
    for (const key of keys) store.removeItem(key);
  }
}

/** Spec §4 "Session at start": an expired token clears the session without a request. */
export function startupToken(stores: Stores, nowMs: number): string | null {
  const token = readToken(stores);
  if (token === null) return null;
  if (isTokenExpired(token, nowMs)) {
    clearToken(stores);
    return null;
  }
  return token;
}
