import { describe, expect, it } from 'vitest';
import { seedSubscription, seedUser } from '../../test/factories.ts';
import { me } from '../../test/helpers.ts';
import { withApp } from '../../test/withApp.ts';

const app = withApp({ mail: 'outbox' });

function subscribe(userId: string, status = 'active', endedAt: Date | null = null) {
  return seedSubscription(app, userId, { status, endedAt });
}

describe('POST /api/auth/ds/login', () => {
  it('needs a signed-in user', async () => {
    const res = await app.call('POST', '/api/auth/ds/login');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'Invalid access_token' });
  });

  it('refuses a user without an active subscription', async () => {
    const { token } = await seedUser(app);
    const res = await app.call('POST', '/api/auth/ds/login', { token });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: 'subscription_required' });
  });

  it('refuses a subscription that has ended', async () => {
    const { token, user } = await seedUser(app);
    await subscribe(user.id, 'canceled', new Date(app.clock.now()));
    const res = await app.call('POST', '/api/auth/ds/login', { token });
    expect(res.status).toBe(403);
  });

  it('gives a subscriber a data-host token that cannot stand in for an API token', async () => {
    const { token, user } = await seedUser(app);
    await subscribe(user.id);
    const res = await app.call<{ success: boolean; token: string }>('POST', '/api/auth/ds/login', { token });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);

    const data = await app.ctx.dataTokens.verify(res.body.token);
    expect(data).toMatchObject({ ok: true, claims: { userId: user.id, access: 'pro' } });
    expect((await me(app, res.body.token)).status).toBe(401);
    expect(await app.ctx.dataTokens.verify(token)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('issues data tokens that expire after 15 minutes', async () => {
    const { token, user } = await seedUser(app);
    await subscribe(user.id, 'trialing');
    const res = await app.call<{ token: string }>('POST', '/api/auth/ds/login', { token });
    app.clock.advance(15 * 60 * 1000 + 1000);
    expect(await app.ctx.dataTokens.verify(res.body.token)).toEqual({ ok: false, reason: 'expired' });
  });
});
