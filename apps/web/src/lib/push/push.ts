import { useEffect } from 'react';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { pushApi } from './pushApi.ts';

/**
 * Where this browser stands with push notifications:
 * - 'unsupported': no service worker, PushManager or Notification here (or not a secure page);
 * - 'denied': the trader blocked notifications for the site (only the browser can undo that);
 * - 'off': allowed or not asked yet, and not subscribed;
 * - 'on': subscribed and registered with the server for the signed-in trader.
 */
export type PushState = 'unsupported' | 'denied' | 'off' | 'on';

export const SERVICE_WORKER_URL = '/sw.js';
/** What sw.js posts to the open tabs after the browser renewed the subscription (it has no token). */
export const RESUBSCRIBED_MESSAGE = 'tapeline:push-resubscribed';

const store = createStore<{ state: PushState }>(() => ({ state: initialState() }));
const set = (state: PushState): PushState => {
  store.setState({ state });
  return state;
};

/** Whether this browser can receive web push at all (nothing is asked or registered). */
export function pushSupport(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.isSecureContext !== false &&
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    typeof PushManager !== 'undefined' &&
    typeof Notification !== 'undefined'
  );
}

function initialState(): PushState {
  if (!pushSupport()) return 'unsupported';
  return Notification.permission === 'denied' ? 'denied' : 'off';
}

/** The URL-safe base64 VAPID key as the bytes PushManager.subscribe takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameKey(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a) return false;
  const bytes = new Uint8Array(a);
  return bytes.length === b.length && bytes.every((byte, i) => byte === b[i]);
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

const listening = new WeakSet<ServiceWorkerContainer>();
/** The service worker renewed the subscription: register the new one and forget the old. */
function listenForRenewals(): void {
  const container = navigator.serviceWorker;
  if (listening.has(container)) return;
  listening.add(container);
  container.addEventListener('message', (event: MessageEvent) => {
    const data = event.data as { type?: unknown; subscription?: PushSubscriptionJSON; oldEndpoint?: unknown };
    if (data?.type !== RESUBSCRIBED_MESSAGE || !data.subscription) return;
    void (async () => {
      try {
        await pushApi.register(data.subscription as PushSubscriptionJSON);
        if (typeof data.oldEndpoint === 'string') await pushApi.remove(data.oldEndpoint);
        set('on');
      } catch {
        // The next start (syncPush) registers it again.
      }
    })();
  });
  // Messages the worker sent before this listener existed wait in a queue until asked for.
  container.startMessages();
}

/**
 * Turns push on for the signed-in trader: asks permission (call it from a click: browsers only
 * ask during a user gesture), registers sw.js, subscribes with the server's key and registers the
 * subscription. Answers the resulting state; API failures reject (CallError), with the state left
 * as it was.
 */
export async function enablePush(): Promise<PushState> {
  if (!pushSupport()) return set('unsupported');
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return set('denied');
  if (permission !== 'granted') return set('off');
  await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/', updateViaCache: 'none' });
  const registration = await navigator.serviceWorker.ready;
  listenForRenewals();
  const key = keyBytes(await pushApi.key());
  let subscription = await registration.pushManager.getSubscription();
  // Made with another server key (the server's keys were replaced): it can never be pushed to.
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: key,
  });
  await pushApi.register(subscription.toJSON());
  return set('on');
}

/**
 * Turns push off in this browser: the server forgets this account's registration, then the
 * browser unsubscribes. Call it on sign-out too (before the token is dropped), so the next
 * person to sign in on this browser does not receive this trader's alerts.
 */
export async function disablePush(): Promise<PushState> {
  if (!pushSupport()) return set('unsupported');
  const subscription = await currentSubscription();
  if (subscription) {
    // Unsubscribe even if the server cannot be told: the endpoint then answers 410 and the
    // server drops it at the next alert.
    await pushApi.remove(subscription.endpoint).catch(() => undefined);
    await subscription.unsubscribe();
  }
  return set(initialState());
}

/**
 * Reads the browser's state and, when subscribed, registers the subscription again for the
 * signed-in trader: after a sign-in (the browser moves to this account) or a renewal the
 * service worker could not report (it holds no token). Call it once a trader is signed in.
 */
export async function syncPush(): Promise<PushState> {
  if (!pushSupport()) return set('unsupported');
  if (Notification.permission === 'denied') return set('denied');
  listenForRenewals();
  const subscription = Notification.permission === 'granted' ? await currentSubscription() : null;
  if (!subscription) return set('off');
  await pushApi.register(subscription.toJSON());
  return set('on');
}

/** Reads the browser's state without telling the server anything. */
export async function refreshPushState(): Promise<PushState> {
  const base = initialState();
  if (base !== 'off') return set(base);
  return set((await currentSubscription()) ? 'on' : 'off');
}

/** The browser's push state for a component; read from the browser when first shown. */
export function usePushState(): PushState {
  useEffect(() => {
    void refreshPushState().catch(() => undefined);
  }, []);
  return useStore(store, (s) => s.state);
}
