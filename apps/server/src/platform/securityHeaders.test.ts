import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedUser } from '../test/factories.ts';
import { TEST_APP_URL, type TestApp } from '../test/testApp.ts';
import { withApp } from '../test/withApp.ts';
import { loadConfig } from './config.ts';
import { cspDirectives } from './http/securityHeaders.ts';

const INDEX = '<!doctype html><title>Tapeline</title><div id="root"></div>';

// The policy for TEST_APP_URL (http://tapeline.test:8080) with no Google, Stripe or icon host.
const BASE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' 'sha256-s8oZn728h+t0WNV6s+2xieaG3i2RB5cO2MMiUDIdinY='",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self' ws://tapeline.test:8080",
  "frame-src 'none'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join(';');

let dist: string;
beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'tapeline-web-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), INDEX);
  await writeFile(path.join(dist, 'assets', 'app.js'), 'console.log(1);');
  await writeFile(path.join(dist, 'assets', 'app.js.map'), '{"version":3,"sources":["secret.ts"]}');
});
afterAll(async () => {
  await rm(dist, { recursive: true, force: true });
});
// Both started once the build above exists (hooks run in order), closed before it is removed.
const plain = withApp(() => ({ mail: 'outbox', env: { WEB_DIST: dist } }));
const secure = withApp(() => ({
  mail: 'outbox',
  env: { WEB_DIST: dist, APP_URL: 'https://tapeline.example' },
}));

const get = (app: TestApp, url: string, accept = '*/*') =>
  fetch(`${app.baseUrl}${url}`, { headers: { accept }, redirect: 'manual' });

describe('security headers', () => {
  it('sends the strict policy and hygiene headers with the page, and no HSTS over http', async () => {
    expect(TEST_APP_URL.startsWith('http:')).toBe(true);
    const res = await get(plain, '/');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(INDEX);
    expect(res.headers.get('content-security-policy')).toBe(BASE_CSP);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it('adds HSTS, wss: and upgrade-insecure-requests when APP_URL is https', async () => {
    const res = await get(secure, '/dashboard');
    expect(res.status).toBe(200);
    expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("connect-src 'self' wss://tapeline.example;");
    expect(csp.endsWith('upgrade-insecure-requests')).toBe(true);
  });

  it('sends the same headers on API answers and errors', async () => {
    const res = await get(plain, '/api/nope');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-security-policy')).toBe(BASE_CSP);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('marks JSON answers to authenticated calls no-store, and nothing else', async () => {
    const { token } = await seedUser(plain);
    const mine = await plain.call('GET', '/api/auth/user', { token });
    expect(mine.status).toBe(200);
    expect(mine.headers.get('cache-control')).toBe('no-store');
    const refused = await plain.call('GET', '/api/users', { token });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('cache-control')).toBe('no-store');
    expect((await get(plain, '/assets/app.js')).headers.get('cache-control')).not.toBe('no-store');
  });

  it.each([
    ['/assets/app.js.map', '*/*'],
    ['/assets/app.js.map', 'text/html,*/*;q=0.8'],
    ['/assets/APP.JS.MAP', '*/*'],
  ])('never serves a source map: %s (accept %s) is a JSON 404', async (url, accept) => {
    const res = await get(plain, url, accept);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.text()).not.toContain('secret.ts');
  });

  it('still serves the bundle the map belongs to', async () => {
    const res = await get(plain, '/assets/app.js');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('console.log(1);');
  });
});

describe('third parties in the policy', () => {
  const base = { NODE_ENV: 'test', APP_URL: 'https://tapeline.example', DATA_DIR: tmpdir() };

  it('allows Google Sign-In, Stripe and the icon host only when each is configured', () => {
    const none = Object.values(cspDirectives(loadConfig(base)))
      .flat()
      .join(' ');
    expect(none).not.toContain('google');
    expect(none).not.toContain('stripe');

    const all = cspDirectives(
      loadConfig({
        ...base,
        GOOGLE_CLIENT_ID: 'client.apps.googleusercontent.com',
        BILLING: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_x',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
        SYMBOL_ICON_URL: 'https://icons.example:8443/logos/{symbol}.png',
      }),
    );
    expect(all['script-src']).toEqual([
      "'self'",
      'https://accounts.google.com/gsi/client',
      'https://js.stripe.com',
    ]);
    expect(all['frame-src']).toEqual([
      'https://accounts.google.com/gsi/',
      'https://js.stripe.com',
      'https://hooks.stripe.com',
    ]);
    expect(all['connect-src']).toEqual([
      "'self'",
      'wss://tapeline.example',
      'https://accounts.google.com/gsi/',
      'https://api.stripe.com',
    ]);
    expect(all['style-src']).toEqual([
      "'self'",
      "'sha256-s8oZn728h+t0WNV6s+2xieaG3i2RB5cO2MMiUDIdinY='",
      'https://accounts.google.com/gsi/style',
    ]);
    expect(all['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://icons.example:8443']);
    expect(all['frame-ancestors']).toEqual(["'none'"]);
  });
});
