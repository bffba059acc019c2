import {
  alertMessages,
  FILTERED_ALERT_MATCH_LIMIT,
  FILTERED_ALERTS_MAX,
  type FilteredAlertInput,
  filterMessages,
  messages,
  serverMessages,
} from '@tapeline/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedSubscriber } from '../../../test/factories.ts';
import { withApp } from '../../../test/withApp.ts';
import { hostileBodies } from '../../authz/fuzzCorpus.ts';
import { alertsApi, feed, MANUAL_FEED, trade } from './testing/alertsApi.ts';

const app = withApp({ mail: 'outbox', env: { MARKET_FEED: MANUAL_FEED } });
const api = alertsApi(app);
const CHEAP = Array.from({ length: 60 }, (_, i) => `C${String(i).padStart(2, '0')}`);
/** The sector the engine gives these symbols (no reference data: all the same one). */
let sector = 0;

beforeAll(async () => {
  // Two mid-priced symbols, one dear, sixty cheap; MOV moves 10 % between two 15-minute bars.
  feed(app, [
    trade('AAA', 12),
    trade('BBB', 15),
    trade('CCC', 25),
    ...CHEAP.map((s) => trade(s, 1.5)),
    trade('MOV', 10, 0),
    trade('MOV', 11, 20),
  ]);
  const { token } = await seedSubscriber(app, 'proplus');
  const ds = await app.call<{ token: string }>('POST', '/api/auth/ds/login', { token });
  const rows = await app.call<{ s: string; e: number }[]>('GET', '/data/discovery?tf=1day', {
    token: ds.body.token,
  });
  sector = rows.body.find((r) => r.s === 'AAA')?.e ?? -1;
});

const filter = (over: Partial<FilteredAlertInput> = {}): FilteredAlertInput => ({
  name: 'Mid caps',
  type: 'all',
  values: { last: { min: 10, max: 20 } },
  sector: { min: [sector] },
  timeframe: { min: '1d' },
  ...over,
});

describe('POST /api/alerts/filtered-alert/validate', () => {
  it('counts the symbols the filter matches now: [limit, count], valid within the limit', async () => {
    const { token } = await seedSubscriber(app, 'proplus');
    const res = await api.validate(token, filter());
    expect(res.status).toBe(200);
    // AAA 12, BBB 15 and MOV 11 are within 10–20.
    expect(res.body).toEqual({ valid: true, values: [FILTERED_ALERT_MATCH_LIMIT, 3] });
  });

  it('is not valid past the limit, with `all` and with `any`', async () => {
    const { token } = await seedSubscriber(app, 'proplus');
    const cheap = await api.validate(token, filter({ values: { last: { max: 2 } } }));
    expect(cheap.body).toEqual({
      valid: false,
      values: [FILTERED_ALERT_MATCH_LIMIT, 60],
      problem: alertMessages.tooManyMatches(60, FILTERED_ALERT_MATCH_LIMIT),
    });
    // CCC is dear, MOV moved: either one is enough for `any`, both are needed for `all`.
    const dearOrMoved = { values: { last: { min: 24 }, price_dist: { min: 5 } }, timeframe: { min: '15m' } };
    const either = await api.validate(token, filter({ type: 'any', ...dearOrMoved }));
    expect(either.body).toEqual({ valid: true, values: [FILTERED_ALERT_MATCH_LIMIT, 2] });
    const both = await api.validate(token, filter({ type: 'all', ...dearOrMoved }));
    expect(both.body).toEqual({ valid: true, values: [FILTERED_ALERT_MATCH_LIMIT, 0] });
  });

  it("counts on the filter's own timeframe", async () => {
    const { token } = await seedSubscriber(app, 'proplus');
    const moved = { values: { price_dist: { min: 5 } } };
    expect((await api.validate(token, filter({ ...moved, timeframe: { min: '15m' } }))).body).toEqual({
      valid: true,
      values: [FILTERED_ALERT_MATCH_LIMIT, 1],
    });
    expect((await api.validate(token, filter({ ...moved, timeframe: { min: '1day' } }))).body).toEqual({
      valid: true,
      values: [FILTERED_ALERT_MATCH_LIMIT, 0],
    });
  });

  it('is not valid with a §5 problem, whatever the count, and says which rule failed', async () => {
    const { token } = await seedSubscriber(app, 'proplus');
    const { sector: _s, timeframe: _t, ...bare } = filter();
    expect((await api.validate(token, bare)).body).toEqual({
      valid: false,
      values: [FILTERED_ALERT_MATCH_LIMIT, 3],
      problem: filterMessages.sectorRequired,
    });
    const { timeframe: _t2, ...noTimeframe } = filter();
    expect((await api.validate(token, noTimeframe)).body).toEqual({
      valid: false,
      values: [FILTERED_ALERT_MATCH_LIMIT, 3],
      problem: filterMessages.timeframeRequired,
    });
    const single = await api.validate(token, filter({ values: { uVol: { max: 10 } } }));
    expect(single.body).toMatchObject({ valid: false, problem: filterMessages.singleValue });
    const post = await api.validate(token, filter({ values: { squeeze: { min: { POST: -7 } } } }));
    expect(post.body).toMatchObject({ valid: false, problem: 'POST value must be between -5 and -1' });
  });

  it('is Pro Plus only: Standard and Pro get 403', async () => {
    for (const plan of ['standard', 'pro', 'pro_old']) {
      const { token } = await seedSubscriber(app, plan);
      const res = await api.validate(token, filter());
      expect(res.status, plan).toBe(403);
      expect(res.body).toEqual({ error: 'upgrade_required', message: serverMessages.upgradeRequired });
    }
  });
});

describe('POST /api/alerts/filtered-alerts', () => {
  it('stores the whole list (timeframes as the engine names them) and GET answers it', async () => {
    const { token } = await seedSubscriber(app, 'proplus');
    const list = [filter(), filter({ name: 'Movers', type: 'any', values: { uVol: { min: 50 } } })];
    const res = await api.saveFiltered(token, list);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    const saved = list.map((f) => ({ ...f, timeframe: { min: '1day' } }));
    expect((await api.list(token)).body).toMatchObject({ filtered_alerts: saved });
    // Deleting one is saving the rest.
    await api.saveFiltered(token, saved.slice(1));
    expect((await api.list(token)).body).toMatchObject({ filtered_alerts: saved.slice(1) });
  });

  it(`answers limit_exceeded past ${FILTERED_ALERTS_MAX} and keeps the stored list`, async () => {
    const { token } = await seedSubscriber(app, 'proplus');
    await api.saveFiltered(token, [filter()]);
    const six = Array.from({ length: FILTERED_ALERTS_MAX + 1 }, (_, i) => filter({ name: `F${i}` }));
    const res = await api.saveFiltered(token, six);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      success: false,
      error: 'limit_exceeded',
      message: alertMessages.filteredLimit,
    });
    expect(res.body).toMatchObject({ message: 'Tapeline Pro+ is limited to 5 Filtered Alerts.' });
    expect((await api.list(token)).body).toMatchObject({ filtered_alerts: [{ name: 'Mid caps' }] });
    expect((await api.saveFiltered(token, six.slice(1))).status).toBe(200);
  });

  const problems: [string, unknown, string][] = [
    ['no name', filter({ name: '  ' }), filterMessages.nameRequired],
    ['a name taken in another case', [filter(), filter({ name: 'MID CAPS' })], filterMessages.nameTaken],
    ['no condition', filter({ values: {} }), filterMessages.rowRequired],
    ['an empty range', filter({ values: { float: {} } }), filterMessages.rangeRequired],
    ['max below min', filter({ values: { last: { min: 5, max: 4 } } }), filterMessages.maxBelowMin],
    [
      'a single-value column without a value',
      filter({ values: { rv_dist: { max: 3 } } }),
      filterMessages.singleValue,
    ],
    ['squeeze without an option', filter({ values: { squeeze: { min: {} } } }), filterMessages.squeezeOption],
    [
      'squeeze PRE and POST',
      filter({ values: { squeeze: { min: { PRE: 7, POST: -2 } } } }),
      filterMessages.squeezePreAndPost,
    ],
    ['squeeze PRE below 1', filter({ values: { squeeze: { min: { PRE: 0 } } } }), filterMessages.squeezePre],
    [
      'squeeze POST out of range',
      filter({ values: { squeeze: { min: { POST: -6 } } } }),
      filterMessages.squeezePost,
    ],
    [
      'trend and trend change',
      filter({ values: { trend: { min: 'up' }, trend_change: { min: 'down' } } }),
      filterMessages.trendAndChange,
    ],
    ['no sector', filter({ sector: { min: [] } }), filterMessages.sectorRequired],
    ['a missing sector', { ...filter(), sector: undefined }, filterMessages.sectorRequired],
    ['a missing timeframe', { ...filter(), timeframe: undefined }, filterMessages.timeframeRequired],
  ];
  it.each(problems)('refuses %s with the §5 message, and stores nothing', async (_what, sent, message) => {
    const { token } = await seedSubscriber(app, 'proplus');
    const res = await api.saveFiltered(token, Array.isArray(sent) ? sent : [sent]);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'invalid_filter', message });
    expect((await api.list(token)).body).toMatchObject({ filtered_alerts: [] });
  });

  it('is Pro Plus only: Standard and Pro get 403, and nothing is stored', async () => {
    for (const plan of ['standard', 'pro']) {
      const { token } = await seedSubscriber(app, plan);
      const res = await api.saveFiltered(token, [filter()]);
      expect(res.status, plan).toBe(403);
      expect(res.body).toEqual({ error: 'upgrade_required', message: serverMessages.upgradeRequired });
      expect((await api.list(token)).body).toMatchObject({ filtered_alerts: [] });
    }
  });
});

describe('hostile bodies from Pro Plus (the route fuzz test calls as Pro, which the guard stops)', () => {
  it.each(['/api/alerts/filtered-alerts', '/api/alerts/filtered-alert/validate'])(
    '%s: 4xx JSON, never 5xx',
    async (url) => {
      const { token } = await seedSubscriber(app, 'proplus');
      for (const { contentType, body } of hostileBodies()) {
        const res = await app.call('POST', url, { token, body, headers: { 'content-type': contentType } });
        expect(res.status, body.slice(0, 60)).toBeGreaterThanOrEqual(400);
        expect(res.status, body.slice(0, 60)).toBeLessThan(500);
        expect(res.body).toHaveProperty('error');
      }
      expect((await api.list(token)).body).toMatchObject({ filtered_alerts: [] });
    },
  );
});

describe('without an engine on this node', () => {
  const bare = withApp({ mail: 'outbox', env: { MARKET_FEED: 'off' } });

  it('validation answers 503 (retry), never 500; saving still works', async () => {
    const { token } = await seedSubscriber(bare, 'proplus');
    const res = await alertsApi(bare).validate(token, filter());
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ error: 'engine_unavailable', message: messages.serviceNotAvailable });
    expect(res.headers.get('retry-after')).toBe('5');
    expect((await alertsApi(bare).saveFiltered(token, [filter()])).status).toBe(200);
  });
});
