import { alertMessages, alertsAnswerSchema, RATE_RANGES, serverMessages } from '@tapeline/core';
import { describe, expect, it } from 'vitest';
import { alertRules, alertSettings } from '../../../platform/db/schema.ts';
import { seedSubscriber } from '../../../test/factories.ts';
import { withApp } from '../../../test/withApp.ts';
import { alertsApi } from './testing/alertsApi.ts';

// No engine on this node: symbols are checked by their pattern only.
const app = withApp({ mail: 'outbox' });
const api = alertsApi(app);

async function ruleOf(token: string, body: Record<string, unknown>) {
  const res = await api.create(token, body);
  expect(res.status).toBe(200);
  const rule = res.body.data.list.at(-1);
  if (!rule) throw new Error('no rule added');
  return rule;
}

describe('GET /api/alerts', () => {
  it('answers empty lists and makes the webhook signing secret on the first read, the same after', async () => {
    const { token, user } = await seedSubscriber(app, 'standard');
    const first = await api.list(token);
    expect(first.status).toBe(200);
    const answer = alertsAnswerSchema.parse(first.body);
    expect(answer).toEqual({
      alerts: [],
      filtered_alerts: [],
      alert_webhook: {},
      webhook_secret: answer.webhook_secret,
    });
    expect(answer.webhook_secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(answer.webhook_secret.slice(6), 'base64')).toHaveLength(32);
    expect((await api.list(token)).body).toEqual(first.body);
    const other = alertsAnswerSchema.parse((await api.list((await seedSubscriber(app)).token)).body);
    expect(other.webhook_secret).not.toBe(answer.webhook_secret);
    const rows = await app.ctx.database.db.select().from(alertSettings);
    expect(rows.filter((r) => r.userId === user.id)).toHaveLength(1);
  });

  it('agrees on one secret when the first reads race', async () => {
    const { token } = await seedSubscriber(app, 'standard');
    const answers = await Promise.all(Array.from({ length: 4 }, () => api.list(token)));
    const secrets = new Set(answers.map((a) => (a.body as { webhook_secret: string }).webhook_secret));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(secrets.size).toBe(1);
  });

  it('lists every rule the trader holds, oldest first', async () => {
    const { token } = await seedSubscriber(app, 'pro');
    const a = await ruleOf(token, { category: 'AAPL', type: 'uv', rate: 30 });
    const b = await ruleOf(token, { category: 'alt_low', type: 'trade' });
    expect(alertsAnswerSchema.parse((await api.list(token)).body).alerts).toEqual([a, b]);
  });
});

describe('PUT /api/alerts/{id}', () => {
  it('changes the rate (clamped) and answers the whole list', async () => {
    const { token } = await seedSubscriber(app, 'pro');
    const keep = await ruleOf(token, { category: 'MSFT', type: 'trade' });
    const rule = await ruleOf(token, { category: 'AAPL', type: 'vwap' });
    const res = await api.update(token, rule.id, { category: 'aapl', rate: 500 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      data: { list: [keep, { ...rule, rate: RATE_RANGES.vwap.max }] },
    });
    // Left out keeps the rate; null resets it to the type's default.
    await api.update(token, rule.id, { category: 'AAPL' });
    expect((await api.rules(token))[1]?.rate).toBe(RATE_RANGES.vwap.max);
    await api.update(token, rule.id, { category: 'AAPL', rate: null });
    expect((await api.rules(token))[1]?.rate).toBe(RATE_RANGES.vwap.default);
  });

  it("sets and clears a price rule's bounds; Low above High is refused", async () => {
    const { token } = await seedSubscriber(app, 'pro');
    const rule = await ruleOf(token, { category: 'TSLA', type: 'price', high: 300 });
    await api.update(token, rule.id, { category: 'TSLA', rate: 4, low: 200 });
    expect(await api.rules(token)).toEqual([{ ...rule, rate: 4, high: 300, low: 200 }]);
    const inverted = await api.update(token, rule.id, { category: 'TSLA', high: 150 });
    expect(inverted.status).toBe(400);
    expect(inverted.body).toEqual({ error: 'invalid_bounds', message: alertMessages.boundsInverted });
    await api.update(token, rule.id, { category: 'TSLA', high: null });
    expect(await api.rules(token)).toEqual([{ ...rule, rate: 4, high: null, low: 200 }]);
  });

  it('refuses a body naming another category, and changes nothing', async () => {
    const { token } = await seedSubscriber(app, 'pro');
    const rule = await ruleOf(token, { category: 'fav', type: 'trade', rate: 1 });
    for (const category of ['AAPL', 'popular', 'not a symbol']) {
      const res = await api.update(token, rule.id, { category, rate: 2 });
      expect(res.status, category).toBe(400);
    }
    const res = await api.update(token, rule.id, { category: 'AAPL', rate: 2 });
    expect(res.body).toEqual({ error: 'category_mismatch', message: alertMessages.categoryMismatch });
    expect(await api.rules(token)).toEqual([rule]);
    expect((await api.update(token, rule.id, { category: 'FAV', rate: 2 })).status).toBe(200);
  });

  it("answers 404 for another trader's rule and for one that does not exist, and leaves them alone", async () => {
    const owner = await seedSubscriber(app, 'pro');
    const rule = await ruleOf(owner.token, { category: 'AAPL', type: 'uv', rate: 40 });
    const stranger = await seedSubscriber(app, 'proplus');
    for (const id of [rule.id, rule.id + 10_000]) {
      const res = await api.update(stranger.token, id, { category: 'AAPL', rate: 90 });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'not_found', message: alertMessages.alertNotFound });
      const gone = await api.remove(stranger.token, id);
      expect(gone.status).toBe(404);
      expect(gone.body).toEqual({ error: 'not_found', message: alertMessages.alertNotFound });
    }
    expect(await api.rules(owner.token)).toEqual([rule]);
  });

  it('keeps Standard from editing a Pro rule it still holds after a downgrade (403), rate unchanged', async () => {
    const { token, user } = await seedSubscriber(app, 'standard');
    const now = new Date(app.clock.now());
    const [row] = await app.ctx.database.db
      .insert(alertRules)
      .values({ userId: user.id, type: 'uv', category: 'AAPL', rate: 30, createdAt: now, updatedAt: now })
      .returning();
    const res = await api.update(token, row?.id ?? 0, { category: 'AAPL', rate: 60 });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: 'upgrade_required', message: serverMessages.upgradeRequired });
    expect((await api.rules(token))[0]?.rate).toBe(30);
    // Deleting it stays open.
    expect((await api.remove(token, row?.id ?? 0)).status).toBe(200);
  });

  it('answers malformed ids and bodies with 400', async () => {
    const { token } = await seedSubscriber(app, 'pro');
    const rule = await ruleOf(token, { category: 'AAPL', type: 'trade' });
    for (const id of ['abc', '-1', '0', '1.5', '99999999999999999999999']) {
      expect((await api.update(token, id, { category: 'AAPL', rate: 1 })).status, id).toBe(400);
      expect((await api.remove(token, id)).status, id).toBe(400);
    }
    for (const body of [{}, { rate: 1 }, { category: 'AAPL', rate: 'x' }, { category: 'AAPL', low: -5 }]) {
      expect((await api.update(token, rule.id, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect(await api.rules(token)).toEqual([rule]);
  });
});

describe('DELETE /api/alerts/{id}', () => {
  it('removes the rule and answers the remaining list as data', async () => {
    const { token } = await seedSubscriber(app, 'standard');
    const a = await ruleOf(token, { category: 'AAPL', type: 'trade' });
    const b = await ruleOf(token, { category: 'MSFT', type: 'trade' });
    const res = await api.remove(token, a.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: [b] });
    expect((await api.remove(token, a.id)).status).toBe(404);
  });
});

describe('POST /api/alerts/halt', () => {
  it('adds the one halt rule, idempotently, and removes it', async () => {
    const { token } = await seedSubscriber(app, 'standard');
    const on = await api.halt(token, 'enabled');
    expect(on.status).toBe(200);
    const rule = (on.body as { data: { id: number } }).data;
    expect(on.body).toEqual({
      success: true,
      data: { id: rule.id, type: 'halt', category: 'halt', rate: 0, high: null, low: null },
    });
    expect((await api.halt(token, 'enabled')).body).toEqual(on.body);
    expect(await api.rules(token)).toEqual([rule]);
    // The rule's own edit changes nothing; naming another category is refused.
    expect((await api.update(token, rule.id, { category: 'HALT', rate: 5 })).body).toEqual({
      success: true,
      data: { list: [rule] },
    });
    expect((await api.update(token, rule.id, { category: 'AAPL' })).status).toBe(400);

    expect((await api.halt(token, 'disabled')).body).toEqual({ success: true, data: null });
    expect((await api.halt(token, 'disabled')).body).toEqual({ success: true, data: null });
    expect(await api.rules(token)).toEqual([]);
  });

  it('answers 400 for another state', async () => {
    const { token } = await seedSubscriber(app, 'standard');
    for (const type of ['on', '', null, 1]) expect((await api.halt(token, type)).status).toBe(400);
    expect(await api.rules(token)).toEqual([]);
  });
});
