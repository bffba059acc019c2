import { defaultConfig, defaultDiscoveryColumns } from '@tapeline/core';
import { describe, expect, it } from 'vitest';
import { seedSubscriber } from '../../test/factories.ts';
import { withApp } from '../../test/withApp.ts';
import { settingsOf as settingsOfUser } from './testing/settingsKit.ts';

// Discovery settings (discovery spec §7, docs/decisions.md "Discovery"): POST
// /api/settings/discovery stores the saved smart filters and the selected one; the column
// options travel in the dashboard config as `discovery`.

const app = withApp({ mail: 'outbox' });

const settingsOf = (token: string) => settingsOfUser(app, token);
const saveDiscovery = (token: string, discovery: unknown) =>
  app.call('POST', '/api/settings/discovery', { token, body: { discovery } });
const storedDiscovery = async (token: string) => JSON.parse((await settingsOf(token)).discovery ?? 'null');

const filters = {
  filters: {
    'Big movers': {
      type: 'all',
      values: { price_dist: { min: 5 }, uVol: { min: 100 }, last: { min: 1, max: 20 } },
    },
    Squeezing: { type: 'any', values: { squeeze: { min: { NOW: true, PRE: 7 } }, trend: { min: 'up' } } },
  },
  selected: 'Squeezing',
};

describe('POST /api/settings/discovery: the saved smart filters', () => {
  it('stores the filters and the selection for Pro, old Pro and Pro Plus; GET answers them as JSON text', async () => {
    for (const plan of ['pro', 'pro_old', 'proplus']) {
      const { token } = await seedSubscriber(app, plan);
      const res = await saveDiscovery(token, filters);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true });
      expect(await storedDiscovery(token)).toEqual(filters);
    }
  });

  it('refuses Standard with 403 upgrade_required and stores nothing', async () => {
    const { token } = await seedSubscriber(app, 'standard');
    const refused = await saveDiscovery(token, filters);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: 'upgrade_required' });
    expect((await settingsOf(token)).discovery).toBeNull();
  });

  it('answers 400 invalid_discovery naming the problem, and keeps what was saved', async () => {
    const { token } = await seedSubscriber(app, 'proplus');
    await saveDiscovery(token, filters);
    const cases: [unknown, RegExp][] = [
      // The column list of the old contract is not the filters map.
      [[{ column: 'symbol', hidden: false }], /^Discovery settings is invalid/],
      [
        { filters: { A: { type: 'all', values: { nope: { min: 1 } } } }, selected: 'A' },
        /at discovery\.filters\.A\.values/,
      ],
      [
        { filters: { A: { type: 'all', values: { last: { min: 9, max: 1 } } } }, selected: 'A' },
        /Max value must not be less than Min value\./,
      ],
      [
        { filters: { A: { type: 'all', values: {} } }, selected: 'A' },
        /at discovery\.filters\.A: Add at least one condition/,
      ],
      [
        { filters: { Big: filters.filters.Squeezing, big: filters.filters.Squeezing }, selected: 'Big' },
        /A filter already exists with the same name/,
      ],
      [
        { filters: { 'temp-1': filters.filters.Squeezing }, selected: 'temp-1' },
        /not a name a filter can be saved under/,
      ],
      [{ filters: {}, selected: 'x'.repeat(65) }, /at discovery\.selected/],
      [{ filters: {} }, /at discovery\.selected/],
    ];
    for (const [body, message] of cases) {
      const res = await saveDiscovery(token, body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'invalid_discovery' });
      expect((res.body as { message: string }).message).toMatch(message);
    }
    expect(await storedDiscovery(token)).toEqual(filters);
  });

  it('saving an empty map with Default selected clears the filters', async () => {
    const { token } = await seedSubscriber(app, 'pro');
    await saveDiscovery(token, filters);
    expect((await saveDiscovery(token, { filters: {}, selected: 'Default' })).status).toBe(200);
    expect(await storedDiscovery(token)).toEqual({ filters: {}, selected: 'Default' });
  });
});

describe('POST /api/settings/config: the Discovery column options', () => {
  it('stores config.discovery and answers it back; a config without it still saves', async () => {
    const { token } = await seedSubscriber(app, 'pro');
    const columns = defaultDiscoveryColumns().map((c) =>
      c.column === 'atr'
        ? { ...c, display: '$' as const }
        : c.column === 'float'
          ? { ...c, hidden: true }
          : c,
    );
    const res = await app.call('POST', '/api/settings/config', {
      token,
      body: { config: { ...defaultConfig(), discovery: columns } },
    });
    expect(res.status).toBe(200);
    expect(JSON.parse((await settingsOf(token)).config ?? 'null').discovery).toEqual(columns);

    const plain = await app.call('POST', '/api/settings/config', {
      token,
      body: { config: defaultConfig() },
    });
    expect(plain.status).toBe(200);
    expect(JSON.parse((await settingsOf(token)).config ?? 'null').discovery).toBeUndefined();
  });

  it('refuses unknown columns and displays with 400 invalid_config', async () => {
    const { token } = await seedSubscriber(app, 'pro');
    for (const discovery of [
      [{ column: 'nope', hidden: false }],
      [{ column: 'atr', hidden: false, display: '€' }],
    ]) {
      const res = await app.call('POST', '/api/settings/config', {
        token,
        body: { config: { ...defaultConfig(), discovery } },
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'invalid_config' });
      expect((res.body as { message: string }).message).toMatch(/^Config is invalid at config\.discovery\.0/);
    }
  });
});
