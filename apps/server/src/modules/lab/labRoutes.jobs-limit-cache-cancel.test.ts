import {
  type BacktestJob,
  backtestJobSchema,
  recordedSessionsAnswerSchema,
  sessionBarsAnswerSchema,
} from '@tapeline/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedSubscriber } from '../../test/factories.ts';
import { until } from '../../test/waitFor.ts';
import { withApp } from '../../test/withApp.ts';
import { seedSessions } from './seedSessions.ts';
import { sessionsDir } from './sessionFiles.ts';

// The lab's calls on a small recorded session (the simulator's seeding, 30 symbols): a backtest
// runs in a thread and is polled to its end, a second one waits its turn (409), the same
// (rule, sessions) comes from the cache, a running one is cancelled, and the chart reads a
// symbol's bars. The replay's own answers are proven in @tapeline/market (known-answer test).

const app = withApp();
let date = '';
beforeAll(() => {
  [date] = seedSessions({
    dir: sessionsDir(app.ctx.config.dataDir),
    keep: 30,
    seed: 7,
    symbols: 30,
    before: Date.UTC(2026, 10, 25, 14, 30),
    sessions: 1,
  }) as [string];
});

const halts = { rule: { kind: 'halt' }, sessions: 5 };
const job = (body: unknown) => backtestJobSchema.parse(body);

async function finished(token: string, id: string): Promise<BacktestJob> {
  return until('the backtest ends', async () => {
    const j = job((await app.call('GET', `/api/alerts/backtest/${id}`, { token })).body);
    return j.state === 'running' || j.state === 'queued' ? undefined : j;
  });
}

describe('the Alert lab API', () => {
  it('runs a backtest in a thread, one at a time per trader, then serves it from the cache', async () => {
    const pro = await seedSubscriber(app, 'pro');
    const started = await app.call('POST', '/api/alerts/backtest', { token: pro.token, body: halts });
    expect(started.status).toBe(202);
    const first = job(started.body);
    const busy = await app.call('POST', '/api/alerts/backtest', { token: pro.token, body: halts });
    expect(busy.status).toBe(409);
    expect(busy.body).toMatchObject({
      message: 'A backtest is already running. Wait for it to finish or cancel it.',
    });

    const done = await finished(pro.token, first.id);
    expect(done.state).toBe('done');
    expect(done.progress).toEqual({ done: 1, total: 1 });
    expect(done.result?.sessions).toEqual([date]);
    expect(done.result?.summary.fires).toBe(done.result?.fires.length);
    expect(done.result?.fires.every((f) => f.kind === 'halt' && f.session === date)).toBe(true);

    const again = await app.call('POST', '/api/alerts/backtest', { token: pro.token, body: halts });
    expect(again.status).toBe(200);
    expect(job(again.body)).toMatchObject({ state: 'done', cached: true, result: done.result });

    const other = await seedSubscriber(app, 'pro');
    expect((await app.call('GET', `/api/alerts/backtest/${first.id}`, { token: other.token })).status).toBe(
      404,
    );
  });

  it('refuses a smart filter below Pro Plus and cancels a running backtest', async () => {
    const pro = await seedSubscriber(app, 'pro');
    const smart = {
      rule: { kind: 'smart', type: 'all', values: { gap: { min: 1 } }, timeframe: '1d' },
      sessions: 1,
    };
    expect((await app.call('POST', '/api/alerts/backtest', { token: pro.token, body: smart })).status).toBe(
      403,
    );

    const plus = await seedSubscriber(app, 'proplus');
    const started = job(
      (await app.call('POST', '/api/alerts/backtest', { token: plus.token, body: smart })).body,
    );
    const cancelled = await app.call('DELETE', `/api/alerts/backtest/${started.id}`, { token: plus.token });
    expect(job(cancelled.body).state).toBe('cancelled');
    // The trader's turn is free again at once.
    const highs = { rule: { kind: 'symbol', rule: { type: 'trade', category: 'SPY' } }, sessions: 1 };
    expect((await app.call('POST', '/api/alerts/backtest', { token: plus.token, body: highs })).status).toBe(
      202,
    );
  });

  it('lists the recorded session and answers a symbol bars for the chart', async () => {
    const pro = await seedSubscriber(app, 'pro');
    const { sessions } = recordedSessionsAnswerSchema.parse(
      (await app.call('GET', '/api/market/sessions', { token: pro.token })).body,
    );
    expect(sessions).toEqual([
      expect.objectContaining({ date, seeded: true, complete: true, feed: 'simulator' }),
    ]);
    const res = await app.call('GET', `/api/market/sessions/${date}/bars/spy`, { token: pro.token });
    expect(res.status).toBe(200);
    const bars = sessionBarsAnswerSchema.parse(res.body);
    expect(bars.symbol).toBe('SPY');
    expect(bars.t.length).toBeGreaterThan(100);
    expect(bars.o).toHaveLength(bars.t.length);
    expect(
      (await app.call('GET', `/api/market/sessions/${date}/bars/NOPE`, { token: pro.token })).status,
    ).toBe(404);
  });
});
