import { all, type MatrixRoute, pro, proplus, signedIn, subscriber, verified } from './matrixRows.ts';

/** The traders' API rows of the matrix (docs/api.md): keys, documents, v1 with each persona's key. */
export const API_MATRIX: MatrixRoute[] = [
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
