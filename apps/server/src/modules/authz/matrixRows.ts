import type { Persona } from '../../test/factories.ts';

/** Expected status per persona, in PERSONAS order. */
export type Row = [number, number, number, number, number, number, number, number, number];

/** What a request carries besides the token; functions get the persona (unique usernames). */
export interface MatrixRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The route as registered (`:param`), matched against the app's own route list. */
  route: string;
  /** The URL actually called; defaults to `route`. `{victim}` and `{imageOwner}` are filled in. */
  url?: string;
  json?: unknown;
  form?: (persona: Persona) => Record<string, string>;
  /** The data host takes the data token from POST /api/auth/ds/login, not the access token. */
  dataToken?: true;
  /** The traders' API: the persona's personal key (every scope) instead of the access token. */
  apiKey?: true;
  /** The call ends the caller's session (logout): it gets a session of its own, not the shared one. */
  ownSession?: true;
  /**
   * A tier the handler requires for this body on top of its guard (an alert type's, §6): its
   * row agrees with that tier's denials. Such a route may have one row per body.
   */
  bodyTier?: 'pro' | 'proplus';
  expect: Row;
}

// Columns: anonymous, unverified, verified (no subscription), standard, pro, pro_old, proplus, mod, admin.
export const all = (s: number): Row => [s, s, s, s, s, s, s, s, s];
export const signedIn = (s: number): Row => [401, s, s, s, s, s, s, s, s];
export const verified = (s: number): Row => [401, 403, s, s, s, s, s, s, s];
export const subscriber = (s: number): Row => [401, 403, 403, s, s, s, s, 403, 403];
/** Pro: a Pro plan (old or new) or Pro Plus. */
export const pro = (s: number): Row => [401, 403, 403, 403, s, s, s, 403, 403];
export const proplus = (s: number): Row => [401, 403, 403, 403, 403, 403, s, 403, 403];
export const admin = (s: number): Row => [401, 403, 403, 403, 403, 403, 403, 403, s];
/** The data host: no data token without a subscription, so those callers are strangers (401). */
export const data = (standard: number, pro: number, oldPro: number, proplus: number): Row => [
  401,
  401,
  401,
  standard,
  pro,
  oldPro,
  proplus,
  401,
  401,
];

/**
 * What each declared guard (`route(app, { guard }, …)`) answers the personas it turns away, in
 * PERSONAS order; `null` lets the persona through to the route itself, which must then not
 * answer 401 or 403 on its own. A row's expectations must agree with its route's guard.
 */
type Denials = [Denied, Denied, Denied, Denied, Denied, Denied, Denied, Denied, Denied];
type Denied = 401 | 403 | null;
export const _ = null;
export const GUARD_DENIALS: Record<string, Denials> = {
  public: [_, _, _, _, _, _, _, _, _],
  session: [401, _, _, _, _, _, _, _, _],
  user: [401, _, _, _, _, _, _, _, _],
  verified: [401, 403, _, _, _, _, _, _, _],
  subscriber: [401, 403, 403, _, _, _, _, 403, 403],
  'tier:pro': [401, 403, 403, 403, _, _, _, 403, 403],
  'tier:proplus': [401, 403, 403, 403, 403, 403, _, 403, 403],
  'role:admin': [401, 403, 403, 403, 403, 403, 403, 403, _],
  data: [401, 401, 401, _, _, _, _, 401, 401],
  'data:discovery': [401, 401, 401, 403, _, _, _, 401, 401],
  'data:moneyFlow': [401, 401, 401, 403, 403, _, _, 401, 401],
  // Personal keys (`key:<scope>:<requirement>`): a key acts as its user, so the user's
  // requirement answers as the browser's guard does; only the visitor has no key (401).
  'key:any:any': [401, _, _, _, _, _, _, _, _],
  'key:market:read:subscriber': [401, 403, 403, _, _, _, _, 403, 403],
  'key:market:read:pro': [401, 403, 403, 403, _, _, _, 403, 403],
  'key:alerts:read:subscriber': [401, 403, 403, _, _, _, _, 403, 403],
  'key:alerts:write:subscriber': [401, 403, 403, _, _, _, _, 403, 403],
  'key:alerts:write:proplus': [401, 403, 403, 403, 403, 403, _, 403, 403],
};
