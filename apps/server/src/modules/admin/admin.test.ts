import { adminUserListSchema, adminUserUpdateResponseSchema } from '@tapeline/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedSubscription, seedUser } from '../../test/factories.ts';
import { login } from '../../test/helpers.ts';
import { withApp } from '../../test/withApp.ts';

const app = withApp({ mail: 'outbox' });
let admin: string;
beforeAll(async () => {
  admin = (await seedUser(app, { role: 'admin', username: 'boss' })).token;
});

const update = (token: string, body: unknown) => app.call('POST', '/api/admin/user/update', { token, body });

describe('GET /api/admin/users', () => {
  it('lists every user with subscription and card, never a hash', async () => {
    const trader = await seedUser(app, { username: 'listed' });
    await seedSubscription(app, trader.user.id, { plan: 'proplus', status: 'past_due' });
    const res = await app.call('GET', '/api/admin/users', { token: admin });
    expect(res.status).toBe(200);
    const list = adminUserListSchema.parse(res.body);
    const row = list.find((u) => u.id === trader.user.id);
    expect(row).toMatchObject({
      username: 'listed',
      role: 'trader',
      subscription: { plan: 'proplus', status: 'past_due' },
    });
    const text = JSON.stringify(res.body);
    expect(text).not.toContain('argon2');
    expect(text).not.toMatch(/password|token_?version|google_?sub/i);
  });

  it('is for admins only', async () => {
    expect((await app.call('GET', '/api/admin/users')).status).toBe(401);
    for (const role of ['trader', 'mod'] as const) {
      const { token } = await seedUser(app, { role });
      const res = await app.call('GET', '/api/admin/users', { token });
      expect(res).toMatchObject({ status: 403, body: { error: 'forbidden' } });
    }
  });
});

describe('POST /api/admin/user/update', () => {
  it('turns chat off and on (0 and 1)', async () => {
    const { user } = await seedUser(app);
    const off = await update(admin, { uid: user.id, field: 'chat', value: false });
    expect(off.status).toBe(200);
    expect(adminUserUpdateResponseSchema.parse(off.body).content).toMatchObject({ id: user.id, chat: 0 });
    const on = await update(admin, { uid: user.id, field: 'chat', value: true });
    expect((on.body as { content: { chat: number } }).content.chat).toBe(1);
  });

  it('makes a trader a mod and back', async () => {
    const { user, token, email, password } = await seedUser(app);
    const mod = await update(admin, { uid: user.id, field: 'role', value: true });
    expect(mod.body).toMatchObject({ content: { role: 'mod', profile: { role: 'mod' } } });
    expect(JSON.stringify(mod.body)).not.toContain('argon2');
    // The change is real, and it ended the user's sessions: the old token is refused, a new
    // sign-in sees the new role.
    expect((await app.call('GET', '/api/profile', { token })).status).toBe(401);
    const fresh = (await login(app, email, password)).body.access_token;
    expect((await app.call('GET', '/api/profile', { token: fresh })).body.role).toBe('mod');
    const back = await update(admin, { uid: user.id, field: 'role', value: false });
    expect(back.body).toMatchObject({ content: { role: 'trader' } });
  });

  it('never changes an admin through the mod toggle', async () => {
    const other = await seedUser(app, { role: 'admin' });
    const res = await update(admin, { uid: other.user.id, field: 'role', value: false });
    expect(res).toMatchObject({ status: 409, body: { error: 'admin_protected' } });
    const self = await seedUser(app, { role: 'admin' });
    const own = await update(self.token, { uid: self.user.id, field: 'role', value: true });
    expect(own.status).toBe(409);
  });

  it('answers 404 no_user for an unknown id and 400 for a malformed body', async () => {
    const missing = await update(admin, {
      uid: '00000000-0000-4000-8000-000000000000',
      field: 'chat',
      value: true,
    });
    expect(missing).toMatchObject({ status: 404, body: { error: 'no_user' } });
    for (const body of [
      {},
      { uid: 'nope', field: 'chat', value: true },
      { uid: '00000000-0000-4000-8000-000000000000', field: 'email', value: true },
      { uid: '00000000-0000-4000-8000-000000000000', field: 'role', value: 'admin' },
    ]) {
      expect((await update(admin, body)).status).toBe(400);
    }
  });

  it('refuses non-admins before reading the body', async () => {
    const victim = await seedUser(app);
    const mod = await seedUser(app, { role: 'mod' });
    const res = await update(mod.token, { uid: victim.user.id, field: 'role', value: true });
    expect(res).toMatchObject({ status: 403, body: { error: 'forbidden' } });
    expect((await update('', { uid: victim.user.id, field: 'chat', value: false })).status).toBe(401);
    const list = adminUserListSchema.parse(
      (await app.call('GET', '/api/admin/users', { token: admin })).body,
    );
    expect(list.find((u) => u.id === victim.user.id)).toMatchObject({ role: 'trader', chat: 1 });
  });
});
