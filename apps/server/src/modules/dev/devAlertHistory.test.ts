import { describe, expect, it } from 'vitest';
import { seedSubscriber } from '../../test/factories.ts';
import { startTestApp } from '../../test/testApp.ts';
import { withApp } from '../../test/withApp.ts';

describe('POST /api/dev/alert_history (DEV_ROUTES=true)', () => {
  const app = withApp({ mail: 'outbox', env: { DEV_ROUTES: 'true' } });

  it("puts an item in the caller's own history, which the Alerts widget then lists", async () => {
    const trader = await seedSubscriber(app);
    const other = await seedSubscriber(app);
    const added = await app.call('POST', '/api/dev/alert_history', {
      token: trader.token,
      body: { msg: 'ABC new high 12.34' },
    });
    expect(added.status).toBe(200);
    const mine = await app.call<{ msg: string }[]>('GET', '/api/alert_history', { token: trader.token });
    expect(mine.body.map((i) => i.msg)).toEqual(['ABC new high 12.34']);
    const theirs = await app.call<unknown[]>('GET', '/api/alert_history', { token: other.token });
    expect(theirs.body).toEqual([]);
  });

  it('refuses an empty message and strangers', async () => {
    const trader = await seedSubscriber(app);
    expect(
      (await app.call('POST', '/api/dev/alert_history', { token: trader.token, body: { msg: '' } })).status,
    ).toBe(400);
    expect((await app.call('POST', '/api/dev/alert_history', { body: { msg: 'x' } })).status).toBe(401);
  });
});

describe('without DEV_ROUTES', () => {
  it('is not there', async () => {
    const app = await startTestApp({ mail: 'outbox' });
    try {
      const trader = await seedSubscriber(app);
      const res = await app.call('POST', '/api/dev/alert_history', {
        token: trader.token,
        body: { msg: 'x' },
      });
      expect(res.status).toBe(404);
    } finally {
      await app.close();
    }
  });
});

describe('in production', () => {
  it('is not there', async () => {
    const app = await startTestApp({ mail: 'outbox', env: { NODE_ENV: 'production' } });
    try {
      expect((await app.call('POST', '/api/dev/alert_history', { body: { msg: 'x' } })).status).toBe(404);
    } finally {
      await app.close();
    }
  });
});
