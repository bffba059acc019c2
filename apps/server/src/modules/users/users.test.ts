import { usernameListSchema } from '@tapeline/core';
import { usernameKey } from '@tapeline/core/username';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../platform/db/schema.ts';
import { silentLog } from '../../platform/log.ts';
import { seedSubscriber, seedUser, uniqueEmail } from '../../test/factories.ts';
import { withApp } from '../../test/withApp.ts';
import { rekeyUsernames } from './usernames.ts';

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

describe('usernames stored before the confusables skeleton (issue 28)', () => {
  it('get the current key at start, so neither the same name nor a look-alike joins them', async () => {
    const old = await seedUser(app, { username: 'sec_victim', usernameKey: 'sec_victim' });
    expect(await rekeyUsernames(app.ctx.database.db, silentLog)).toBeGreaterThanOrEqual(1);
    const [row] = await app.ctx.database.db
      .select({ key: users.usernameKey })
      .from(users)
      .where(eq(users.id, old.user.id));
    expect(row?.key).toBe(usernameKey('sec_victim'));
    expect(await rekeyUsernames(app.ctx.database.db, silentLog)).toBe(0);
    for (const name of ['sec_victim', 'ѕес_victim']) {
      const res = await app.call('POST', '/api/auth/register', {
        body: { email: uniqueEmail('lookalike'), password: 'hunter2hunter2', username: name },
      });
      expect(res.status, name).toBe(409);
    }
  });
});
