/**
 * Web push in the browser (docs/alerts.md "Web push"). For the Notifications tab and the session:
 *
 * - `pushSupport(): boolean` — whether this browser can receive push at all (service worker,
 *   PushManager, Notification, secure page). Nothing is asked or registered.
 * - `usePushState(): PushState` — 'unsupported' | 'denied' | 'off' | 'on' for a component; reads
 *   the browser when first shown and follows every change the functions below make.
 * - `enablePush(): Promise<PushState>` — call from a click (browsers ask permission only during a
 *   user gesture): asks permission, registers /sw.js, subscribes with the server's VAPID key and
 *   registers the subscription (POST /api/alerts/device/webpush). Answers 'on', or 'denied' /
 *   'off' when the trader refused or dismissed the prompt. Rejects with a CallError when the API
 *   fails (show it with core's messageFor(failureOf(error))).
 * - `disablePush(): Promise<PushState>` — the server forgets this browser for this account, then
 *   the browser unsubscribes. Call it on sign-out too, before the token is dropped, so the next
 *   trader to sign in on this browser does not get this one's alerts.
 * - `syncPush(): Promise<PushState>` — once a trader is signed in: registers this browser's
 *   existing subscription for them (it moves from a previous account; a renewed subscription the
 *   service worker could not report gets registered). Silent when push is off.
 *
 * 'denied' can only be undone in the browser's site settings; the tab should say so.
 */
export {
  disablePush,
  enablePush,
  type PushState,
  pushSupport,
  refreshPushState,
  syncPush,
  usePushState,
} from './push.ts';
