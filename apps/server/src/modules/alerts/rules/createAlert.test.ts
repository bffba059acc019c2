import {
  ALERT_RULES_MAX,
  alertMessages,
  PERCENT_STEP_RANGE,
  RATE_RANGES,
  RULE_TYPES,
  type RuleType,
  STREAM_CATEGORIES,
  serverMessages,
} from '@tapeline/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { alertRules } from '../../../platform/db/schema.ts';
import { seedSubscriber, seedUser } from '../../../test/factories.ts';
import { withApp } from '../../../test/withApp.ts';
import { alertsApi, feed, MANUAL_FEED, trade } from './testing/alertsApi.ts';

const app = withApp({ mail: 'outbox', env: { MARKET_FEED: MANUAL_FEED } });
const api = alertsApi(app);
const LISTED = ['AAPL', 'MSFT', 'BRK.B', 'TSLA', 'NVDA', 'AMD'];

beforeAll(() => {
  // The market lists these (and only these) from now on.
  feed(
    app,
    LISTED.map((s, i) => trade(s, 100 + i)),
  );
});

describe('POST /api/alerts', () => {
  it('adds a Hi/Low rule on a symbol typed in any case, with the default rate, and answers the list', async () => {
    const { token } = await seedSubscriber(app, 'standard');
    const res = await api.create(token, { category: ' aapl ', type: 'trade' });
    expect(res.status).toBe(200);
    const [rule] = res.body.data.list;
    expect(res.body).toEqual({
      success: true,
      data: { list: [{ id: rule?.id, type: 'trade', category: 'AAPL', rate: 0.1, high: null, low: null }] },
    });
    expect(await api.rules(token)).toEqual(res.body.data.list);
  });

  it('adds a Hi/Low rule on each stream category (stored lower-case), after the symbol rules', async () => {
    const { token } = await seedSubscriber(app, 'standard');
    await api.create(token, { category: 'brk.b', type: 'trade', rate: 0.5 });
    for (const category of STREAM_CATEGORIES) {
      const res = await api.create(token, { category: category.toUpperCase(), type: 'trade' });
      expect(res.status).toBe(200);
    }
    const list = await api.rules(token);
    expect(list.map((r) => r.category)).toEqual(['BRK.B', ...STREAM_CATEGORIES]);
    expect(list.map((r) => r.rate)).toEqual([0.5, ...STREAM_CATEGORIES.map(() => 0.1)]);
  });

  it.each(RULE_TYPES)('%s: a missing rate is the default; out of range is clamped to §9', async (type) => {
    const { token } = await seedSubscriber(app, 'pro');
    const range = RATE_RANGES[type as RuleType];
    const cases: [string, number | null | undefined, number][] = [
      ['AAPL', undefined, range.default],
      ['MSFT', null, range.default],
      ['TSLA', range.min / 2, range.min],
      ['NVDA', range.max * 10, range.max],
      ['AMD', range.min + 0.05, range.min + 0.05],
    ];
    for (const [category, rate, stored] of cases) {
      const res = await api.create(token, { category, type, ...(rate === undefined ? {} : { rate }) });
      expect(res.status).toBe(200);
      expect(res.body.data.list.find((r) => r.category === category)?.rate).toBe(stored);
    }
  });

  it('adds a Hi/Low rule with a percent step (clamped to 0.1–100 %), edits it back to dollars, refuses a bad unit', async () => {
    const { token } = await seedSubscriber(app, 'standard');
    const res = await api.create(token, { category: 'AAPL', type: 'trade', rate: 500, unit: 'percent' });
    expect(res.status).toBe(200);
    const [rule] = res.body.data.list;
    expect(rule).toMatchObject({ category: 'AAPL', rate: PERCENT_STEP_RANGE.max, unit: 'percent' });
    const pct = await api.create(token, { category: 'MSFT', type: 'trade', unit: 'percent' });
    expect(pct.body.data.list[1]).toMatchObject({ rate: PERCENT_STEP_RANGE.default, unit: 'percent' });
    // Back to dollars without a rate: §9's default dollar step, and no unit in the answer.
    const edited = await api.update(token, rule?.id as number, { category: 'AAPL', unit: 'dollar' });
    expect(edited.status).toBe(200);
    expect(edited.body.data.list[0]).toEqual({
      id: rule?.id,
      type: 'trade',
      category: 'AAPL',
      rate: RATE_RANGES.trade.default,
      high: null,
      low: null,
    });
    const bad = await api.create(token, { category: 'TSLA', type: 'trade', unit: 'cents' });
    expect(bad.status).toBe(400);
  });

  it('keeps the optional bounds of a price rule, and none on the other types', async () => {
    const { token } = await seedSubscriber(app, 'pro');
    await api.create(token, { category: 'AAPL', type: 'price', rate: 3, high: 250, low: 180 });
    await api.create(token, { category: 'AAPL', type: 'vwap', high: 250, low: 180 });
    const list = await api.rules(token);
    expect(list.map(({ type, high, low }) => ({ type, high, low }))).toEqual([
      { type: 'price', high: 250, low: 180 },
      { type: 'vwap', high: null, low: null },
    ]);
  });

  it('answers §8 "already registered" (409) for the same type and category, and keeps the first', async () => {
    const { token } = await seedSubscriber(app, 'pro');
    await api.create(token, { category: 'AAPL', type: 'uv', rate: 50 });
    await api.create(token, { category: 'popular', type: 'trade' });
    const again = await api.create(token, { category: 'aapl', type: 'uv', rate: 80 });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      error: 'already_registered',
      message: 'Unusual volume alert for AAPL is already registered!',
    });
    const stream = await api.create(token, { category: 'Popular', type: 'trade' });
    expect(stream.body).toEqual({
      error: 'already_registered',
      message: alertMessages.alreadyRegistered('Hi/low', 'popular'),
    });
    expect((await api.rules(token)).map((r) => [r.type, r.category, r.rate])).toEqual([
      ['uv', 'AAPL', 50],
      ['trade', 'popular', 0.1],
    ]);
    // Another type on the same symbol is another rule.
    expect((await api.create(token, { category: 'AAPL', type: 'trade' })).status).toBe(200);
  });

  it('names a percent-step Hi/Low "Hi/low" in its 409, as the table\'s menu does (one rule per symbol)', async () => {
    const { token } = await seedSubscriber(app, 'standard');
    expect((await api.create(token, { category: 'MSFT', type: 'trade', unit: 'percent' })).status).toBe(200);
    const again = await api.create(token, { category: 'MSFT', type: 'trade', unit: 'percent' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      error: 'already_registered',
      message: alertMessages.alreadyRegistered('Hi/low', 'MSFT'),
    });
    // The dollar step on the same symbol is the same rule, named as the trader asked for it.
    const dollar = await api.create(token, { category: 'MSFT', type: 'trade' });
    expect(dollar.body).toEqual({
      error: 'already_registered',
      message: alertMessages.alreadyRegistered('Trade', 'MSFT'),
    });
  });

  it('adds one rule when identical posts race: one 200, the rest 409, never a 500', async () => {
    const { token } = await seedSubscriber(app, 'standard');
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => api.create(token, { category: 'MSFT', type: 'trade' })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect(await api.rules(token)).toHaveLength(1);
  });

  it('refuses symbols the market does not list, and what is no symbol or category at all', async () => {
    const { token } = await seedSubscriber(app, 'pro');
    const cases: [unknown, string][] = [
      [{ category: 'NOPE', type: 'trade' }, serverMessages.invalidSymbolNamed('NOPE')],
      [{ category: 'bad symbol', type: 'trade' }, alertMessages.categoryInvalid],
      [{ category: 'ZVZZT', type: 'trade' }, alertMessages.categoryInvalid],
      [{ category: 'halt', type: 'trade' }, serverMessages.invalidSymbolNamed('HALT')],
      [{ category: 'primary_high', type: 'uv' }, alertMessages.categoryNotForType],
      [{ category: 'fav', type: 'price' }, alertMessages.categoryNotForType],
    ];
    for (const [body, message] of cases) {
      const res = await api.create(token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((res.body as unknown as { message: string }).message).toBe(message);
    }
    expect(await api.rules(token)).toEqual([]);
  });

  it('answers malformed bodies with 400 and adds nothing', async () => {
    const { token } = await seedSubscriber(app, 'pro');
    const bodies: unknown[] = [
      {},
      { category: 'AAPL' },
      { category: 'AAPL', type: 'halt' },
      { category: 'AAPL', type: 'buy' },
      { category: '', type: 'trade' },
      { category: 'A'.repeat(40), type: 'trade' },
      { category: 'AAPL', type: 'trade', rate: 'fast' },
      { category: 'AAPL', type: 'price', high: -1 },
      { category: 42, type: 'trade' },
      [],
      'nul',
    ];
    for (const body of bodies) {
      const res = await api.create(token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toHaveProperty('error');
    }
    const inverted = await api.create(token, { category: 'AAPL', type: 'price', high: 10, low: 20 });
    expect(inverted.status).toBe(400);
    expect(inverted.body).toEqual({ error: 'bad_request', message: alertMessages.boundsInverted });
    expect(await api.rules(token)).toEqual([]);
  });
});

describe('tiers (§6): the server decides', () => {
  it.each(['uv', 'vwap', 'price'])(
    'Standard may not add a %s rule (403), and nothing is added',
    async (type) => {
      const { token } = await seedSubscriber(app, 'standard');
      const res = await api.create(token, { category: 'AAPL', type });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: 'upgrade_required', message: serverMessages.upgradeRequired });
      expect(await api.rules(token)).toEqual([]);
    },
  );

  it.each(['pro', 'pro_old', 'proplus'])('%s may add every type', async (plan) => {
    const { token } = await seedSubscriber(app, plan);
    for (const type of RULE_TYPES) {
      expect((await api.create(token, { category: 'NVDA', type })).status).toBe(200);
    }
    expect((await api.rules(token)).map((r) => r.type)).toEqual([...RULE_TYPES]);
  });

  it('needs a token (401) and a subscription (403)', async () => {
    expect((await api.create('', { category: 'AAPL', type: 'trade' })).status).toBe(401);
    const { token } = await seedUser(app);
    const res = await api.create(token, { category: 'AAPL', type: 'trade' });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: 'subscription_required' });
  });
});

describe(`at most ${ALERT_RULES_MAX} rules a trader`, () => {
  it('refuses the next one with 400, also when several race for the last place', async () => {
    const { user, token } = await seedSubscriber(app, 'standard');
    const now = new Date(app.clock.now());
    await app.ctx.database.db.insert(alertRules).values(
      Array.from({ length: ALERT_RULES_MAX - 1 }, (_, i) => ({
        userId: user.id,
        type: 'trade' as const,
        category: `S${i}`,
        rate: 0.1,
        createdAt: now,
        updatedAt: now,
      })),
    );
    const racing = await Promise.all(
      STREAM_CATEGORIES.slice(0, 5).map((category) => api.create(token, { category, type: 'trade' })),
    );
    expect(racing.map((a) => a.status).sort()).toEqual([200, 400, 400, 400, 400]);
    const refused = racing.find((a) => a.status === 400);
    expect(refused?.body).toEqual({
      error: 'limit_exceeded',
      message: alertMessages.rulesLimit(ALERT_RULES_MAX),
    });
    expect(await api.rules(token)).toHaveLength(ALERT_RULES_MAX);
  });
});
