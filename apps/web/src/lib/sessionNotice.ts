import type { Stores } from './session.ts';
import { STORAGE_PREFIX } from './storageKeys.ts';

/** Why the last session ended, for /login to say (set after logout wiped the prefix). */
const NOTICE_KEY = `${STORAGE_PREFIX}sessionNotice`;

export type SessionNotice = 'expired';

export function setSessionNotice(stores: Stores, notice: SessionNotice): void {
  stores.session.setItem(NOTICE_KEY, notice);
}

/** Reads the notice once: it is shown on the next /login and then forgotten. */
export function takeSessionNotice(stores: Stores): SessionNotice | null {
  const notice = stores.session.getItem(NOTICE_KEY);
  stores.session.removeItem(NOTICE_KEY);
  return notice === 'expired' ? notice : null;
}
