import { defaultConfig, defaultLayouts } from '@tapeline/core';
import { API_MATRIX } from './matrixApiRoutes.ts';
import {
  admin,
  all,
  data,
  type MatrixRoute,
  pro,
  proplus,
  signedIn,
  subscriber,
  verified,
} from './matrixRows.ts';

export { GUARD_DENIALS, type MatrixRoute } from './matrixRows.ts';

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
  ...API_MATRIX,
];
