import { appStores } from '../../lib/session.ts';
import { PENDING_EMAIL_KEY } from '../../lib/storageKeys.ts';

/** Kept per tab: /verify names the address just signed up with and resends to it. */
export function savePendingEmail(email: string): void {
  appStores.session.setItem(PENDING_EMAIL_KEY, email);
}

export function readPendingEmail(): string | null {
  return appStores.session.getItem(PENDING_EMAIL_KEY);
}
