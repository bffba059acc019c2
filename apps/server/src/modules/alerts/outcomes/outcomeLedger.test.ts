import { alertHistoryResponseSchema, alertOutcomesResponseSchema, type FiredDraft } from '@tapeline/core';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { seedSubscriber } from '../../../test/factories.ts';
import { withApp } from '../../../test/withApp.ts';
import { startOutcomeSweep } from './outcomeSweep.ts';

const app = withApp({ mail: 'outbox' });

// Thursday 19 November 2026, 10:00 New York: the close is 16:00 (21:00 UTC).
const T = Date.UTC(2026, 10, 19, 15, 0);
const MIN = 60_000;
let sequence = 0;

function draft(userId: string, over: Partial<FiredDraft> = {}): FiredDraft {
  sequence += 1;
  return {
    key: `${userId}:7:ABC:high:${sequence}`,
    userId,
    ruleId: 7,
    kind: 'trade',
    symbol: 'ABC',
    msg: 'ABC new high 10.00',
    time: T,
    price: 10,
    price_dist: null,
    uv: null,
    vwap: null,
    vwap_dist: null,
    zone: 'primary_high',
    ...over,
  };
}

/** The engine as the sweep sees it: a clock and a last price per symbol that the test moves. */
function fakeEngine() {
  const last = new Map<string, number>();
  const engine = {
    status: { clock: T },
    async query(q: { symbols: string[] }) {
      return JSON.stringify(
        q.symbols.map((s) => (last.has(s) ? { s, last: last.get(s), pc: 9, high: null, low: null } : null)),
      );
    },
  };
  return { engine, last, at: (ms: number) => Object.assign(engine.status, { clock: ms }) };
}

async function dispatch(drafts: FiredDraft[]) {
  await app.app.alerts.outbox.record(drafts);
  await app.app.alerts.outbox.idle();
}

describe('the live outcome ledger', () => {
  it('records each fire’s moves at +1, +5, +15, +30 min and the close, shown beside it in the history', async () => {
    const { user, token } = await seedSubscriber(app);
    await dispatch([draft(user.id)]);
    const market = fakeEngine();
    const sweep = startOutcomeSweep({
      db: app.ctx.database.db,
      clock: app.clock,
      log: pino({ level: 'silent' }),
      engine: market.engine,
    });
    const history = async () =>
      alertHistoryResponseSchema.parse((await app.call('GET', '/api/alert_history', { token })).body);

    expect((await history())[0]?.moves).toEqual({ m1: null, m5: null, m15: null, m30: null, close: null });
    const steps: [number, number][] = [
      [T + MIN + 20_000, 10.1],
      [T + 5 * MIN, 10.25],
      [T + 15 * MIN + 59_000, 9.8],
      [T + 30 * MIN + 1000, 10.5],
      [Date.UTC(2026, 10, 19, 21, 0, 30), 11],
    ];
    for (const [ms, price] of steps) {
      market.at(ms);
      market.last.set('ABC', price);
      await sweep.sweepOnce();
    }
    sweep.stop();
    expect((await history())[0]?.moves).toEqual({ m1: 1, m5: 2.5, m15: -2, m30: 5, close: 10 });
  });

  it('gives figures per rule and per type over the trader’s own fires', async () => {
    const a = await seedSubscriber(app);
    const b = await seedSubscriber(app);
    await dispatch([
      draft(a.user.id),
      draft(a.user.id, { ruleId: null, kind: 'filtered', filter: 'Gappers', zone: 'filtered' }),
      draft(a.user.id, { ruleId: null, kind: 'digest', price: null, symbol: '' }),
      draft(b.user.id),
    ]);
    const market = fakeEngine();
    market.last.set('ABC', 10.2);
    market.at(T + 5 * MIN);
    const sweep = startOutcomeSweep({
      db: app.ctx.database.db,
      clock: app.clock,
      log: pino({ level: 'silent' }),
      engine: market.engine,
    });
    await sweep.sweepOnce();
    sweep.stop();

    const res = await app.call('GET', '/api/alerts/outcomes', { token: a.token });
    const body = alertOutcomesResponseSchema.parse(res.body);
    const one = { fires: 1, sessions: 1, positive5: 1, mean5: 2, median5: 2 };
    expect(body.rules).toEqual(
      expect.arrayContaining([
        { rule_id: 7, filter: null, stats: expect.objectContaining(one) },
        { rule_id: null, filter: 'Gappers', stats: expect.objectContaining(one) },
      ]),
    );
    expect(body.rules).toHaveLength(2);
    expect(body.types.map((t) => t.kind).sort()).toEqual(['filtered', 'trade']);
  });
});
