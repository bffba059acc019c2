import {
  API_KEY_PATTERN,
  API_KEYS_MAX,
  API_V1_RATE,
  type ApiKeyList,
  apiKeyMessages,
  WS_V1_CLOSE,
} from '@tapeline/core';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { apiKeys } from '../../platform/db/schema.ts';
import { seedPersona, seedSubscriber } from '../../test/factories.ts';
import { until } from '../../test/waitFor.ts';
import { withApp } from '../../test/withApp.ts';
import { createKey } from './testing/keys.ts';

// Personal API keys (issue 25 §1, §2, §5): made in the profile, shown once, stored as a hash,
// scoped, limited, rate-limited per key, and refused at once when revoked — REST and /ws/v1.

const app = withApp({ mail: 'outbox' });
const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

/** A bot socket authenticated by header; resolves once the server says so. */
async function botSocket(key: string): Promise<{ ws: WebSocket; closed: Promise<number> }> {
  const ws = new WebSocket(`${app.baseUrl.replace('http', 'ws')}/ws/v1`, { headers: bearer(key) });
  const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    ws.once('message', (data) => {
      const message = JSON.parse(data.toString()) as { type: string };
      if (message.type === 'authenticated') resolve();
      else reject(new Error(data.toString()));
    });
    ws.once('error', reject);
  });
  return { ws, closed };
}

describe('personal API keys', () => {
  it('shows the key once, stores only its hash, lists prefix, scopes and dates', async () => {
    const { token } = await seedSubscriber(app);
    const created = await createKey(app, token, ['market:read'], 'scanner');
    expect(created.key).toMatch(API_KEY_PATTERN);
    expect(created.key.length).toBeGreaterThanOrEqual(8 + 16 + 1 + 43); // ≥ 256 secret bits
    expect(created.api_key).toMatchObject({ name: 'scanner', scopes: ['market:read'], last_used_at: null });
    expect(created.key.startsWith(created.api_key.prefix)).toBe(true);

    const [row] = await app.ctx.database.db.select().from(apiKeys).where(eq(apiKeys.id, created.api_key.id));
    expect(JSON.stringify(row)).not.toContain(created.key.slice(created.api_key.prefix.length + 1));

    expect((await app.call('GET', '/api/v1/me', { headers: bearer(created.key) })).status).toBe(200);
    const list = await app.call<ApiKeyList>('GET', '/api/api_keys', { token });
    expect(list.body.api_keys).toHaveLength(1);
    expect(JSON.stringify(list.body)).not.toContain(created.key);
    expect(list.body.api_keys[0]?.last_used_at).not.toBeNull();
  });

  it(`allows at most ${API_KEYS_MAX} live keys; a revoked one makes room`, async () => {
    const { token } = await seedSubscriber(app);
    const made = [];
    for (let i = 0; i < API_KEYS_MAX; i++) made.push(await createKey(app, token, ['market:read'], `k${i}`));
    const over = await app.call('POST', '/api/api_keys', {
      token,
      body: { name: 'one more', scopes: ['market:read'] },
    });
    expect(over.status).toBe(409);
    expect(over.body).toEqual({ error: 'limit_exceeded', message: apiKeyMessages.limit });
    const first = made[0]?.api_key.id;
    expect((await app.call('DELETE', `/api/api_keys/${first}`, { token })).status).toBe(200);
    await createKey(app, token, ['market:read'], 'after revoke');
  });

  it('refuses a bad name or no scope with the wording, and another user revoking the key', async () => {
    const { token } = await seedSubscriber(app);
    const noScope = await app.call('POST', '/api/api_keys', { token, body: { name: 'x', scopes: [] } });
    expect(noScope.body).toEqual({ error: 'invalid_content', message: apiKeyMessages.scopesRequired });
    const noName = await app.call('POST', '/api/api_keys', {
      token,
      body: { name: ' ', scopes: ['chat:read'] },
    });
    expect(noName.body).toEqual({ error: 'invalid_content', message: apiKeyMessages.nameRequired });
    const { api_key } = await createKey(app, token);
    const stranger = await seedSubscriber(app);
    const theft = await app.call('DELETE', `/api/api_keys/${api_key.id}`, { token: stranger.token });
    expect(theft.status).toBe(404);
  });

  it('answers every failure in one shape: no key, a wrong key, a key in the URL, a missing scope', async () => {
    const { token } = await seedSubscriber(app);
    const { key } = await createKey(app, token, ['alerts:read']);
    const none = await app.call('GET', '/api/v1/me');
    expect(none).toMatchObject({
      status: 401,
      body: { error: 'invalid_api_key', message: apiKeyMessages.invalid },
    });
    const wrong = await app.call('GET', '/api/v1/me', { headers: bearer(`${key.slice(0, -4)}AAAA`) });
    expect(wrong).toMatchObject({ status: 401, body: { error: 'invalid_api_key' } });
    // A session token is not a key.
    expect((await app.call('GET', '/api/v1/me', { token })).status).toBe(401);
    // Even a right key is refused in the URL, under any name, and before anything else is read.
    for (const url of [`/api/v1/me?api_key=${key}`, `/api/v1/me?x=${key}`, '/api/v1/me?token=abc']) {
      const inUrl = await app.call('GET', url, { headers: bearer(key) });
      expect(inUrl).toMatchObject({
        status: 400,
        body: { error: 'api_key_in_url', message: apiKeyMessages.inQuery },
      });
    }
    const scope = await app.call('GET', '/api/v1/quotes', { headers: bearer(key) });
    expect(scope).toMatchObject({
      status: 403,
      body: { error: 'scope_missing', message: apiKeyMessages.scopeMissing('market:read') },
    });
  });

  it('keeps CORS closed: no browser on another origin may call v1 with a key', async () => {
    const { token } = await seedSubscriber(app);
    const { key } = await createKey(app, token);
    const headers = { origin: 'https://evil.example', ...bearer(key) };
    const preflight = await fetch(`${app.baseUrl}/api/v1/me`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    const call = await app.call('GET', '/api/v1/me', { headers });
    expect(call.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('acts as its user: a plan below the route is refused as in the browser; no subscription, no market', async () => {
    const standard = await seedPersona(app, 'standard');
    const verified = await seedPersona(app, 'verified');
    const proplus = await seedPersona(app, 'proplus');
    if (!standard || !verified || !proplus) throw new Error('personas');
    const s = await createKey(app, standard.token);
    const v = await createKey(app, verified.token);
    const p = await createKey(app, proplus.token);
    expect((await app.call('GET', '/api/v1/discovery/1day', { headers: bearer(s.key) })).body).toMatchObject({
      error: 'upgrade_required',
    });
    expect((await app.call('GET', '/api/v1/quotes', { headers: bearer(v.key) })).body).toMatchObject({
      error: 'subscription_required',
    });
    const me = await app.call('GET', '/api/v1/me', { headers: bearer(p.key) });
    expect(me.body).toMatchObject({ user_id: proplus.user.id, tier: 'proplus' });
    // Pro Plus only: filtered alerts; a Standard key is refused them.
    const filtered = await app.call('PUT', '/api/v1/filtered-alerts', {
      headers: bearer(s.key),
      body: { filtered_alerts: [] },
    });
    expect(filtered.body).toMatchObject({ error: 'upgrade_required' });
  });

  it('counts calls per key with RateLimit-* headers, then 429 with Retry-After', async () => {
    const { token } = await seedSubscriber(app);
    const { key } = await createKey(app, token);
    const other = await createKey(app, token, undefined, 'other');
    const first = await app.call('GET', '/api/v1/me', { headers: bearer(key) });
    expect(first.headers.get('ratelimit-limit')).toBe(String(API_V1_RATE.points));
    expect(first.headers.get('ratelimit-remaining')).toBe(String(API_V1_RATE.points - 1));
    expect(Number(first.headers.get('ratelimit-reset'))).toBeGreaterThan(0);
    await Promise.all(
      Array.from({ length: API_V1_RATE.points - 1 }, () =>
        app.call('GET', '/api/v1/me', { headers: bearer(key) }),
      ),
    );
    const limited = await app.call('GET', '/api/v1/me', { headers: bearer(key) });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ error: 'rate_limited' });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.headers.get('ratelimit-remaining')).toBe('0');
    // Per key: the user's other key is untouched.
    expect((await app.call('GET', '/api/v1/me', { headers: bearer(other.key) })).status).toBe(200);
  });

  it('a revoked key is refused on REST at once and its bot sockets close 4003 within 1 s', async () => {
    const { token } = await seedSubscriber(app);
    const { key, api_key } = await createKey(app, token);
    const bot = await botSocket(key);
    expect((await app.call('GET', '/api/v1/me', { headers: bearer(key) })).status).toBe(200);
    const revokedAt = Date.now();
    expect((await app.call('DELETE', `/api/api_keys/${api_key.id}`, { token })).status).toBe(200);
    expect((await app.call('GET', '/api/v1/me', { headers: bearer(key) })).status).toBe(401);
    expect(await bot.closed).toBe(WS_V1_CLOSE.revoked);
    expect(Date.now() - revokedAt).toBeLessThan(1000);
    // A new socket with it fails authentication.
    const again = new WebSocket(`${app.baseUrl.replace('http', 'ws')}/ws/v1`, { headers: bearer(key) });
    expect(await new Promise((resolve) => again.once('close', resolve))).toBe(WS_V1_CLOSE.authFailed);
    const list = await app.call<ApiKeyList>('GET', '/api/api_keys', { token });
    expect(list.body.api_keys).toEqual([]);
  });

  it('a password change revokes every key of the user (docs/decisions.md)', async () => {
    const seeded = await seedSubscriber(app);
    const { key } = await createKey(app, seeded.token);
    const bot = await botSocket(key);
    const change = await app.call('PUT', '/api/auth/user', {
      token: seeded.token,
      body: { password: 'a whole new passphrase 42', current_password: seeded.password },
    });
    expect(change.status).toBe(200);
    expect((await app.call('GET', '/api/v1/me', { headers: bearer(key) })).status).toBe(401);
    expect(await bot.closed).toBe(WS_V1_CLOSE.revoked);
    await until('no live keys', async () => {
      const rows = await app.ctx.database.db.select().from(apiKeys).where(eq(apiKeys.userId, seeded.user.id));
      return rows.every((r) => r.revokedAt) ? true : undefined;
    });
  });
});
