import { usernameListSchema } from '@tapeline/core';
import { describe, expect, it } from 'vitest';
import { seedSubscriber, seedUser } from '../../test/factories.ts';
import { withApp } from '../../test/withApp.ts';

const app = withApp({ mail: 'outbox' });

describe('GET /api/users', () => {
  it('lists id and username of users who chose one, nothing more', async () => {
    const named = await seedUser(app, { username: 'zed_trades' });
    const anonymous = await seedUser(app, { username: null });
    const { token } = await seedSubscriber(app, 'standard');
    const res = await app.call('GET', '/api/users', { token });
    expect(res.status).toBe(200);
    const list = usernameListSchema.parse(res.body);
    expect(list).toContainEqual({ id: named.user.id, username: 'zed_trades' });
    expect(list.some((u) => u.id === anonymous.user.id)).toBe(false);
    for (const entry of res.body as unknown as Record<string, unknown>[]) {
      expect(Object.keys(entry).sort()).toEqual(['id', 'username']);
    }
  });

  it('is for subscribers (chat is a dashboard feature)', async () => {
    expect((await app.call('GET', '/api/users')).status).toBe(401);
    const { token } = await seedUser(app);
    expect((await app.call('GET', '/api/users', { token })).body).toMatchObject({
      error: 'subscription_required',
    });
  });
});
