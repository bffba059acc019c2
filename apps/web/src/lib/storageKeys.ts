/** Every key the client writes starts with this, so logout can wipe them all. */
export const STORAGE_PREFIX = 'tapeline.';

export const TOKEN_KEY = `${STORAGE_PREFIX}token`;
/** Spec §4: the plan from /register?plan= preselects a plan on the plan screen later. */
export const PLAN_KEY = `${STORAGE_PREFIX}plan`;
/** The address just signed up with, so /verify can name it and resend to it. */
export const PENDING_EMAIL_KEY = `${STORAGE_PREFIX}pendingEmail`;

/** The part of the Web Storage API the client uses; tests pass an in-memory one. */
export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

/** Browser storages, or null where there are none (node, or storage disabled by the user). */
export function browserStores(): { local: KeyValueStore; session: KeyValueStore } | null {
  try {
    if (typeof window === 'undefined') return null;
    return { local: window.localStorage, session: window.sessionStorage };
  } catch {
    return null;
  }
}

export function memoryStore(): KeyValueStore {
  const map = new Map<string, string>();
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => {
      map.set(key, String(value));
    },
    removeItem: (key) => {
      map.delete(key);
    },
    key: (index) => [...map.keys()][index] ?? null,
    get length() {
      return map.size;
    },
  };
}
