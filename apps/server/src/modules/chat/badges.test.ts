import { CHAT_EVENTS, chatMessagesAnswerSchema } from '@tapeline/core';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { runCommand } from '../../cli/commands.ts';
import { subscriptions, users } from '../../platform/db/schema.ts';
import { seedUser } from '../../test/factories.ts';
import { withApp } from '../../test/withApp.ts';
import { closeTabs, joined } from './testing/chatKit.ts';
import { trader } from './testing/people.ts';

// The chat's badges (docs/chat.md "Badges"): vip set by an admin (table and CLI), modadmin by
// role, service1yr computed from the subscription's start on the harness clock.

const app = withApp({ mail: 'outbox' });
afterAll(closeTabs);

const badgesOf = async (token: string, userId: string) => {
  const page = chatMessagesAnswerSchema.parse(
    (await app.call('GET', '/api/chat/offtopic/messages', { token })).body,
  );
  return page.messages.find((m) => m.user.id === userId)?.user.badges;
};

describe('badges', () => {
  it('vip from the admin table and the CLI, modadmin from the role, service1yr after a year', async () => {
    const admin = await seedUser(app, { role: 'admin' });
    const veteran = await trader(app);
    const mod = await trader(app, { role: 'mod' });
    // Their one subscription started 366 days ago.
    await app.ctx.database.db
      .update(subscriptions)
      .set({ createdAt: new Date(app.clock.now().getTime() - 366 * 86_400_000) })
      .where(eq(subscriptions.userId, veteran.user.id));

    const set = await app.call('POST', '/api/admin/user/update', {
      token: admin.token,
      body: { uid: veteran.user.id, field: 'vip', value: true },
    });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ content: { vip: true } });
    expect(
      (
        await app.call('POST', '/api/admin/user/update', {
          token: veteran.token,
          body: { uid: veteran.user.id, field: 'vip', value: true },
        })
      ).status,
    ).toBe(403);

    for (const who of [veteran, mod]) {
      const tab = await joined(app, who.token, 'offtopic');
      expect(
        await tab.call(CHAT_EVENTS.send, { channel: 'offtopic', msg: `hi from ${who.name}` }),
      ).toMatchObject({
        ok: true,
      });
    }
    expect(await badgesOf(veteran.token, veteran.user.id)).toEqual({
      service1yr: true,
      vip: true,
      modadmin: false,
    });
    expect(await badgesOf(veteran.token, mod.user.id)).toEqual({
      service1yr: false,
      vip: false,
      modadmin: true,
    });
    // Posting wrote the computed badge where the profile reads it.
    const [row] = await app.ctx.database.db.select().from(users).where(eq(users.id, veteran.user.id));
    expect(row?.service1yr).toBe(true);

    expect(
      await runCommand(app.ctx.database.db, { op: 'user:vip', email: veteran.email, vip: false }),
    ).toEqual({
      ok: true,
      user: { id: veteran.user.id, email: veteran.email, vip: false, previousVip: true },
    });
    expect(await badgesOf(veteran.token, veteran.user.id)).toMatchObject({ vip: false });
    expect(
      await runCommand(app.ctx.database.db, { op: 'user:vip', email: 'ghost@example.com', vip: true }),
    ).toEqual({
      ok: false,
      error: 'no_user',
      message: 'No user with email ghost@example.com',
    });
  });
});
