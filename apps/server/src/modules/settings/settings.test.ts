import {
  type DashboardConfig,
  defaultConfig,
  defaultLayouts,
  type Layout,
  parseLayouts,
  STREAM_RANGES,
} from '@tapeline/core';
import { describe, expect, it } from 'vitest';
import { seedSubscriber, seedUser } from '../../test/factories.ts';
import { withApp } from '../../test/withApp.ts';
import { settingsOf as settingsOfUser } from './testing/settingsKit.ts';

const app = withApp({ mail: 'outbox' });

const settingsOf = (token: string) => settingsOfUser(app, token);
const saveLayout = (token: string, layout: unknown) =>
  app.call('POST', '/api/settings/dashboard/layout', { token, body: { layout } });
const saveConfig = (token: string, config: unknown) =>
  app.call('POST', '/api/settings/config', { token, body: { config } });

/** Layouts a trader really made: Primary active, stream1 moved in the xl grid. */
function customLayouts(x = 3): Layout[] {
  return defaultLayouts().map((l) => {
    const active = l.key === 'primary';
    if (!active) return { ...l, active };
    const cell = l.layout.xl.stream1;
    if (!cell) throw new Error('default layout has no stream1 cell');
    return { ...l, active, layout: { ...l.layout, xl: { ...l.layout.xl, stream1: { ...cell, x } } } };
  });
}

function customConfig(): DashboardConfig {
  const config = defaultConfig();
  const [main, alt] = config.stream;
  if (!main || !alt) throw new Error('default config has two channels');
  return {
    ...config,
    optionsMode: 'filter',
    news: { icon: false, recency: 48, hide_rf: true },
    voiceBuffer: 5,
    stream: [
      {
        ...main,
        value: {
          ...main.value,
          price: { min: 2, max: 20 },
          atr: { min: 5, max: 50 },
          gap: { min: 10, max: 1000 },
        },
      },
      { ...alt, type: 'custom', value: { ...alt.value, custom_view: ['AAPL', 'BRK.B'] } },
    ],
  };
}

describe('GET /api/settings', () => {
  it('answers null parts for a trader who never saved anything', async () => {
    const { token } = await seedSubscriber(app);
    expect(await settingsOf(token)).toEqual({ success: true, config: null, discovery: null, layout: null });
  });

  it('needs a token (401) and a verified subscriber (403)', async () => {
    expect((await app.call('GET', '/api/settings')).status).toBe(401);
    const unsubscribed = await seedUser(app);
    const res = await app.call('GET', '/api/settings', { token: unsubscribed.token });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: 'subscription_required' });
  });
});

describe('POST /api/settings/dashboard/layout', () => {
  it('stores the layouts and gives them back as JSON text, one trader at a time', async () => {
    const trader = await seedSubscriber(app);
    const other = await seedSubscriber(app);
    const res = await saveLayout(trader.token, customLayouts());
    expect(res).toMatchObject({ status: 200, body: { success: true } });

    const stored = await settingsOf(trader.token);
    expect(parseLayouts(stored.layout)).toEqual(customLayouts());
    expect(stored.config).toBeNull();
    expect((await settingsOf(other.token)).layout).toBeNull();

    await saveLayout(trader.token, customLayouts(5));
    expect(parseLayouts((await settingsOf(trader.token)).layout)?.[0]?.layout.xl.stream1?.x).toBe(5);
  });

  it('refuses broken layouts with a 400 that names the problem, and keeps the saved ones', async () => {
    const { token } = await seedSubscriber(app);
    await saveLayout(token, customLayouts());
    const before = (await settingsOf(token)).layout;

    const twoActive = customLayouts().map((l) => ({ ...l, active: true }));
    const missingBreakpoint = customLayouts().map((l) => {
      const { xs: _dropped, ...rest } = l.layout;
      return { ...l, layout: rest };
    });
    const negativeX = customLayouts(-1);
    const twoLayouts = customLayouts().slice(0, 2);
    const cases: [unknown, RegExp][] = [
      [twoActive, /Exactly one layout is active/],
      [missingBreakpoint, /layout\.0\.layout\.xs/],
      [negativeX, /layout\.0\.layout\.xl\.stream1\.x/],
      [twoLayouts, /^Layout is invalid at layout/],
      ['not layouts', /^Layout is invalid/],
    ];
    for (const [layout, message] of cases) {
      const res = await saveLayout(token, layout);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'invalid_layout' });
      expect(String(res.body.message)).toMatch(message);
    }
    const noBody = await app.call('POST', '/api/settings/dashboard/layout', { token, body: {} });
    expect(noBody.status).toBe(400);
    expect((await settingsOf(token)).layout).toBe(before);
  });

  it('answers 413 to an oversized body and 400 to broken JSON, never a 500', async () => {
    const { token } = await seedSubscriber(app);
    const huge = await app.call('POST', '/api/settings/dashboard/layout', {
      token,
      body: { layout: customLayouts(), padding: 'x'.repeat(200_000) },
    });
    expect(huge.status).toBe(413);
    expect(huge.body).toMatchObject({ error: 'payload_too_large' });
    const broken = await app.call('POST', '/api/settings/dashboard/layout', { token, body: '{"layout": [' });
    expect(broken.status).toBe(400);
    expect((await settingsOf(token)).layout).toBeNull();
  });
});

describe('POST /api/settings/config', () => {
  it('round-trips a Pro Plus config, ATR and GAP filters included, normalized by the schema', async () => {
    const { token } = await seedSubscriber(app, 'proplus');
    const sent = customConfig();
    const [main, alt] = sent.stream;
    const raw = {
      ...sent,
      stream: [
        main,
        { ...alt, type: 'favorite', value: { ...alt?.value, custom_view: [' aapl ', 'brk.b'] } },
      ],
    };
    expect((await saveConfig(token, raw)).body).toEqual({ success: true });
    const stored = JSON.parse((await settingsOf(token)).config ?? 'null');
    expect(stored).toEqual({
      ...sent,
      stream: [main, { ...alt, type: 'fav', value: { ...alt?.value, custom_view: ['AAPL', 'BRK.B'] } }],
    });
    expect(stored.stream[0].value.atr).toEqual({ min: 5, max: 50 });
  });

  it('saves ATR and GAP as the full range (no filter) for a trader below Pro Plus', async () => {
    for (const plan of ['pro', 'standard']) {
      const { token } = await seedSubscriber(app, plan);
      expect((await saveConfig(token, customConfig())).status).toBe(200);
      const stored = JSON.parse((await settingsOf(token)).config ?? 'null') as DashboardConfig;
      for (const channel of stored.stream) {
        expect(channel.value.atr).toEqual(STREAM_RANGES.atr);
        expect(channel.value.gap).toEqual(STREAM_RANGES.gap);
      }
      // Everything else is kept as sent.
      expect(stored.stream[0]?.value.price).toEqual({ min: 2, max: 20 });
      expect(stored.news).toEqual({ icon: false, recency: 48, hide_rf: true });
    }
  });

  it('refuses an invalid config and keeps the saved one; saving it leaves the layout alone', async () => {
    const { token } = await seedSubscriber(app);
    await saveLayout(token, customLayouts());
    await saveConfig(token, customConfig());
    const before = await settingsOf(token);
    expect(before.layout).not.toBeNull();

    const base = customConfig();
    const [main, alt] = base.stream;
    const invalid: unknown[] = [
      { ...base, stream: [{ ...main, type: 'none' }, alt] },
      { ...base, stream: [main, { ...alt, value: { ...alt?.value, price: { min: 30, max: 10 } } }] },
      { ...base, voiceBuffer: 11 },
      { ...base, stream: [main, { ...alt, value: { ...alt?.value, custom_view: ['ZVZZT'] } }] },
      { ...base, stream: [alt, main] },
    ];
    for (const config of invalid) {
      const res = await saveConfig(token, config);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'invalid_config' });
    }
    expect(await settingsOf(token)).toEqual(before);
  });
});

describe('POST /api/settings/symbols/validate without an engine', () => {
  it('falls back to the symbol pattern: upper-cased, trimmed, once each, test symbols dropped', async () => {
    const { token } = await seedSubscriber(app);
    const res = await app.call('POST', '/api/settings/symbols/validate', {
      token,
      body: { symbols: [' aapl ', 'AAPL', 'brk.b', 'TEST', 'zvzzt', 'not a symbol', ',msft,', '1ABC', ''] },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, symbols: ['AAPL', 'BRK.B', 'MSFT'] });
  });

  it('answers 400 to an empty or malformed list', async () => {
    const { token } = await seedSubscriber(app);
    for (const body of [{ symbols: [] }, { symbols: 'AAPL' }, {}, { symbols: [42] }]) {
      const res = await app.call('POST', '/api/settings/symbols/validate', { token, body });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'invalid_symbols' });
    }
  });
});
