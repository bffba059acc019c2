import { defaultConfig, defaultLayouts } from '@tapeline/core';
import type { Persona } from '../../test/factories.ts';

/** Expected status per persona, in PERSONAS order. */
type Row = [number, number, number, number, number, number, number, number, number];

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
const all = (s: number): Row => [s, s, s, s, s, s, s, s, s];
const signedIn = (s: number): Row => [401, s, s, s, s, s, s, s, s];
const verified = (s: number): Row => [401, 403, s, s, s, s, s, s, s];
const subscriber = (s: number): Row => [401, 403, 403, s, s, s, s, 403, 403];
/** Pro: a Pro plan (old or new) or Pro Plus. */
const pro = (s: number): Row => [401, 403, 403, 403, s, s, s, 403, 403];
const proplus = (s: number): Row => [401, 403, 403, 403, 403, 403, s, 403, 403];
const admin = (s: number): Row => [401, 403, 403, 403, 403, 403, 403, 403, s];
/** The data host: no data token without a subscription, so those callers are strangers (401). */
const data = (standard: number, pro: number, oldPro: number, proplus: number): Row => [
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
const _ = null;
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

export const MATRIX: MatrixRoute[] = [
  // Accounts: public forms answer their own validation error to everyone.
  { method: 'POST', route: '/api/auth/signup', json: {}, expect: all(400) },
  { method: 'POST', route: '/api/auth/register', json: {}, expect: all(400) },
  { method: 'POST', route: '/api/auth/login', json: {}, expect: all(400) },
  { method: 'POST', route: '/api/auth/google', json: {}, expect: all(400) },
  {
    method: 'GET',
    route: '/api/auth/verify_email/:token',
    url: '/api/auth/verify_email/nope',
    expect: all(302),
  },
  { method: 'POST', route: '/api/auth/verify_email', json: {}, expect: all(400) },
  { method: 'POST', route: '/api/auth/forgot_password', json: {}, expect: all(400) },
  { method: 'POST', route: '/api/auth/reset_password', json: {}, expect: all(400) },
  { method: 'POST', route: '/api/auth/logout', ownSession: true, expect: signedIn(200) },
  { method: 'GET', route: '/api/auth/user', expect: signedIn(200) },
  { method: 'PUT', route: '/api/auth/user', json: {}, expect: signedIn(200) },
  { method: 'POST', route: '/api/auth/ds/login', expect: subscriber(200) },
  // System and dev.
  { method: 'GET', route: '/api/config', expect: all(200) },
  { method: 'GET', route: '/api/health', expect: all(200) },
  { method: 'GET', route: '/api/health/live', expect: all(200) },
  { method: 'GET', route: '/api/health/ready', expect: all(200) },
  // Voice clips: public (browsers play them with no token); a clip name outside voice1..5-n|s is a 400.
  { method: 'GET', route: '/voice/:symbol/:clip', url: '/voice/AAPL/voice6-s.mp3', expect: all(400) },
  { method: 'GET', route: '/api/dev/mail', expect: all(200) },
  // Popularity (dashboard).
  {
    method: 'POST',
    route: '/api/stock_stats/inc/:symbol',
    url: '/api/stock_stats/inc/AAPL',
    expect: subscriber(200),
  },
  { method: 'GET', route: '/api/stock_stats/top', expect: subscriber(200) },
  // Dashboard settings and alert history (subscribers); Discovery's own settings need Pro.
  { method: 'GET', route: '/api/settings', expect: subscriber(200) },
  {
    method: 'POST',
    route: '/api/settings/dashboard/layout',
    json: { layout: defaultLayouts() },
    expect: subscriber(200),
  },
  {
    method: 'POST',
    route: '/api/settings/config',
    json: { config: defaultConfig() },
    expect: subscriber(200),
  },
  {
    method: 'POST',
    route: '/api/settings/discovery',
    json: {
      discovery: {
        filters: { Movers: { type: 'all', values: { price_dist: { min: 5 } } } },
        selected: 'Movers',
      },
    },
    expect: pro(200),
  },
  {
    method: 'POST',
    route: '/api/settings/symbols/validate',
    json: { symbols: ['AAPL'] },
    expect: subscriber(200),
  },
  // Favourite quotes (docs/quotes-news.md §5): subscribers, each their own list.
  { method: 'GET', route: '/api/quotes', expect: subscriber(200) },
  { method: 'POST', route: '/api/quotes', json: { adds: ['AAPL'], deletes: [] }, expect: subscriber(200) },
  { method: 'DELETE', route: '/api/quotes/:symbol', url: '/api/quotes/AAPL', expect: subscriber(200) },
  { method: 'POST', route: '/api/quotes/reorder', json: { quotes: [] }, expect: subscriber(200) },
  {
    method: 'POST',
    route: '/api/quotes/pin/:symbol',
    url: '/api/quotes/pin/NOPE',
    json: { pin: null },
    expect: subscriber(404),
  },
  {
    method: 'GET',
    route: '/api/stock_info/sparkline/:symbols',
    url: '/api/stock_info/sparkline/AAPL,MSFT',
    expect: subscriber(200),
  },
  { method: 'GET', route: '/api/alert_history', expect: subscriber(200) },
  { method: 'DELETE', route: '/api/alert_history', expect: subscriber(200) },
  // News (docs/quotes-news.md §3): subscribers; extract of an article that does not exist is a 404.
  { method: 'GET', route: '/api/news', expect: subscriber(200) },
  { method: 'POST', route: '/api/news/extract', json: { id: 1 }, expect: subscriber(404) },
  // Chat (docs/chat.md): subscribers; an unknown channel is a 404.
  { method: 'GET', route: '/api/chat/channels', expect: subscriber(200) },
  {
    method: 'GET',
    route: '/api/chat/:channel/messages',
    url: '/api/chat/general/messages',
    expect: subscriber(200),
  },
  {
    method: 'GET',
    route: '/api/chat/:channel/messages',
    url: '/api/chat/nope/messages',
    expect: subscriber(404),
  },
  // Alert rules: subscribers; uVol, VWAP and price rules need Pro, filtered alerts Pro Plus.
  { method: 'GET', route: '/api/alerts', expect: subscriber(200) },
  { method: 'GET', route: '/api/alerts/outcomes', expect: subscriber(200) },
  {
    method: 'POST',
    route: '/api/alerts',
    json: { category: 'AAPL', type: 'trade' },
    expect: subscriber(200),
  },
  {
    method: 'POST',
    route: '/api/alerts',
    json: { category: 'AAPL', type: 'uv' },
    bodyTier: 'pro',
    expect: pro(200),
  },
  {
    method: 'PUT',
    route: '/api/alerts/:id',
    url: '/api/alerts/999999999',
    json: { category: 'AAPL', rate: 1 },
    expect: subscriber(404),
  },
  { method: 'DELETE', route: '/api/alerts/:id', url: '/api/alerts/999999999', expect: subscriber(404) },
  { method: 'POST', route: '/api/alerts/halt', json: { type: 'enabled' }, expect: subscriber(200) },
  {
    method: 'POST',
    route: '/api/alerts/filtered-alerts',
    json: { filtered_alerts: [] },
    expect: proplus(200),
  },
  {
    method: 'POST',
    route: '/api/alerts/filtered-alert/validate',
    json: { content: { name: 'Cheap', type: 'all', values: { last: { max: 5 } } } },
    expect: proplus(200),
  },
  {
    method: 'POST',
    route: '/api/alerts/webhook',
    json: { alert_webhook: { high_low: '' } },
    expect: subscriber(200),
  },
  // The Alert lab (issue 26): nothing is recorded here, so a backtest is answered at once, done
  // and empty; the rule's own tier is the action's (filtered alerts and smart filters: Pro Plus).
  {
    method: 'POST',
    route: '/api/alerts/backtest',
    json: { rule: { kind: 'halt' }, sessions: 5 },
    expect: subscriber(200),
  },
  {
    method: 'POST',
    route: '/api/alerts/backtest',
    json: { rule: { kind: 'smart', type: 'all', values: { gap: { min: 5 } }, timeframe: '1d' }, sessions: 1 },
    bodyTier: 'proplus',
    expect: proplus(200),
  },
  {
    method: 'GET',
    route: '/api/alerts/backtest/:id',
    url: '/api/alerts/backtest/00000000-0000-4000-8000-000000000000',
    expect: subscriber(404),
  },
  {
    method: 'DELETE',
    route: '/api/alerts/backtest/:id',
    url: '/api/alerts/backtest/00000000-0000-4000-8000-000000000000',
    expect: subscriber(404),
  },
  { method: 'GET', route: '/api/market/sessions', expect: subscriber(200) },
  {
    method: 'GET',
    route: '/api/market/sessions/:date/bars/:symbol',
    url: '/api/market/sessions/2026-01-02/bars/AAPL',
    expect: subscriber(404),
  },
  { method: 'GET', route: '/api/alerts/webhook/deliveries', expect: subscriber(200) },
  { method: 'POST', route: '/api/alerts/webhook/secret', expect: subscriber(200) },
  { method: 'POST', route: '/api/alerts/webhook/test', expect: subscriber(200) },
  // Web push: the key, this browser's registration (a removal here: no push service is called),
  // and Safari's legacy permission call, gone since Safari speaks Web Push.
  { method: 'GET', route: '/api/alerts/push/key', expect: subscriber(200) },
  {
    method: 'POST',
    route: '/api/alerts/device/:id',
    url: '/api/alerts/device/webpush',
    json: { registration_id: null, endpoint: 'https://push.example/send/abc' },
    expect: subscriber(200),
  },
  { method: 'POST', route: '/api/spn', json: {}, expect: subscriber(410) },
  // Profile: reachable without a subscription; saving needs a verified address.
  { method: 'GET', route: '/api/profile', expect: signedIn(200) },
  { method: 'POST', route: '/api/profile', form: (p) => ({ username: `m_${p}` }), expect: verified(200) },
  {
    method: 'GET',
    route: '/api/profile/image/:userId',
    url: '/api/profile/image/{imageOwner}',
    expect: all(200),
  },
  // Admin and users.
  { method: 'GET', route: '/api/admin/users', expect: admin(200) },
  {
    method: 'POST',
    route: '/api/admin/user/update',
    json: { uid: '{victim}', field: 'chat', value: true },
    expect: admin(200),
  },
  { method: 'GET', route: '/api/users', expect: subscriber(200) },
  // Billing: reachable without a subscription (that is how one gets one); paying needs a verified address.
  { method: 'GET', route: '/api/billing/config', expect: all(200) },
  { method: 'GET', route: '/api/stripe/plans', expect: signedIn(200) },
  { method: 'POST', route: '/api/billing/local/tokens', json: {}, expect: signedIn(400) },
  { method: 'POST', route: '/api/stripe/customer', json: {}, expect: verified(400) },
  { method: 'GET', route: '/api/stripe/customer', expect: signedIn(200) },
  { method: 'POST', route: '/api/stripe/subscription', json: {}, expect: verified(400) },
  {
    method: 'DELETE',
    route: '/api/stripe/subscription/:id',
    url: '/api/stripe/subscription/sub_nope',
    expect: signedIn(404),
  },
  {
    method: 'POST',
    route: '/api/stripe/subscription/:id/resume',
    url: '/api/stripe/subscription/sub_nope/resume',
    expect: signedIn(404),
  },
  { method: 'GET', route: '/api/stripe/history', expect: signedIn(200) },
  { method: 'GET', route: '/api/stripe/coupon/:code', url: '/api/stripe/coupon/NOPE', expect: signedIn(404) },
  // Stripe signs webhooks; the bearer token plays no part (and the local provider has none).
  { method: 'POST', route: '/api/stripe/webhook', json: {}, expect: all(404) },
  // Data host: Discovery needs Pro (old Pro included); money flow needs Pro Plus or old Pro.
  { method: 'GET', route: '/data/discovery', dataToken: true, expect: data(403, 200, 200, 200) },
  {
    method: 'GET',
    route: '/data/:file',
    url: '/data/discovery-1day.json',
    dataToken: true,
    expect: data(403, 200, 200, 200),
  },
  {
    method: 'GET',
    route: '/data/money-flow/:symbol',
    url: '/data/money-flow/AAPL',
    dataToken: true,
    expect: data(403, 403, 200, 200),
  },
  { method: 'GET', route: '/data/stock-names.json', dataToken: true, expect: data(200, 200, 200, 200) },
  {
    method: 'GET',
    route: '/data/real-volume/:symbol',
    url: '/data/real-volume/AAPL',
    dataToken: true,
    expect: data(200, 200, 200, 200),
  },
  { method: 'GET', route: '/data/sector/symbols/cnt', dataToken: true, expect: data(200, 200, 200, 200) },
  { method: 'GET', route: '/data/symbol_with_options', dataToken: true, expect: data(200, 200, 200, 200) },
  { method: 'GET', route: '/data/stream_bk', dataToken: true, expect: data(200, 200, 200, 200) },
  { method: 'GET', route: '/data/meters', dataToken: true, expect: data(200, 200, 200, 200) },
  // The traders' API (docs/api.md). Keys are made in the profile by verified users.
  { method: 'GET', route: '/api/api_keys', expect: verified(200) },
  {
    method: 'POST',
    route: '/api/api_keys',
    json: { name: 'matrix', scopes: ['market:read'] },
    expect: verified(201),
  },
  {
    method: 'DELETE',
    route: '/api/api_keys/:id',
    url: '/api/api_keys/00000000-0000-4000-8000-000000000000',
    expect: verified(404),
  },
  // The documents and the reference page: public, like the API's description anywhere.
  { method: 'GET', route: '/api/v1/openapi.json', expect: all(200) },
  { method: 'GET', route: '/api/v1/asyncapi.json', expect: all(200) },
  { method: 'GET', route: '/api/docs', expect: all(200) },
  { method: 'GET', route: '/api/docs/start.js', expect: all(200) },
  { method: 'GET', route: '/api/docs/scalar.js', expect: all(200) },
  // v1 with each persona's key: the same answers as the browser's routes of the same actions
  // (other symbols than the browser's rows: the same rule twice is refused as a repeat).
  { method: 'GET', route: '/api/v1/me', apiKey: true, expect: signedIn(200) },
  {
    method: 'GET',
    route: '/api/v1/discovery/:tf',
    url: '/api/v1/discovery/1day',
    apiKey: true,
    expect: pro(200),
  },
  {
    method: 'POST',
    route: '/api/v1/discovery/:tf/filter',
    url: '/api/v1/discovery/1d/filter',
    json: { type: 'all', values: { last: { max: 5 } } },
    apiKey: true,
    expect: pro(200),
  },
  { method: 'GET', route: '/api/v1/stream/recent', apiKey: true, expect: subscriber(200) },
  { method: 'GET', route: '/api/v1/quotes', apiKey: true, expect: subscriber(200) },
  {
    method: 'GET',
    route: '/api/v1/sparklines/:symbols',
    url: '/api/v1/sparklines/AAPL,MSFT',
    apiKey: true,
    expect: subscriber(200),
  },
  { method: 'GET', route: '/api/v1/news', apiKey: true, expect: subscriber(200) },
  { method: 'GET', route: '/api/v1/alerts', apiKey: true, expect: subscriber(200) },
  {
    method: 'POST',
    route: '/api/v1/alerts',
    json: { category: 'MSFT', type: 'trade' },
    apiKey: true,
    expect: subscriber(200),
  },
  {
    method: 'POST',
    route: '/api/v1/alerts',
    json: { category: 'MSFT', type: 'uv' },
    bodyTier: 'pro',
    apiKey: true,
    expect: pro(200),
  },
  {
    method: 'PUT',
    route: '/api/v1/alerts/:id',
    url: '/api/v1/alerts/999999999',
    json: { category: 'AAPL', rate: 1 },
    apiKey: true,
    expect: subscriber(404),
  },
  {
    method: 'DELETE',
    route: '/api/v1/alerts/:id',
    url: '/api/v1/alerts/999999999',
    apiKey: true,
    expect: subscriber(404),
  },
  {
    method: 'PUT',
    route: '/api/v1/filtered-alerts',
    json: { filtered_alerts: [] },
    apiKey: true,
    expect: proplus(200),
  },
  { method: 'GET', route: '/api/v1/alert-history', apiKey: true, expect: subscriber(200) },
  {
    method: 'POST',
    route: '/api/v1/alerts/backtest',
    json: { rule: { kind: 'halt' }, sessions: 1 },
    apiKey: true,
    expect: subscriber(200),
  },
  {
    method: 'GET',
    route: '/api/v1/alerts/backtest/:id',
    url: '/api/v1/alerts/backtest/00000000-0000-4000-8000-000000000000',
    apiKey: true,
    expect: subscriber(404),
  },
  {
    method: 'DELETE',
    route: '/api/v1/alerts/backtest/:id',
    url: '/api/v1/alerts/backtest/00000000-0000-4000-8000-000000000000',
    apiKey: true,
    expect: subscriber(404),
  },
];
