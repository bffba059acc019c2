import { configResponseSchema } from '@tapeline/core';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config.ts';
import { withApp } from '../../test/withApp.ts';
import { publicConfig } from './publicConfig.ts';

// What /api/config says is a function of the configuration alone: each setting is proven on the
// pure presenter (no server per setting); one real app proves the routes serve it.
const configOf = (env: Record<string, string> = {}) =>
  publicConfig(loadConfig({ DATA_DIR: '/tmp/tapeline-unused', MARKET_FEED: 'off', ...env }));

describe('GET /api/config (the presenter)', () => {
  it('says SIMULATED only when the simulator feeds the market', () => {
    expect(configOf({ MARKET_FEED: 'off' })).toMatchObject({ simulated: false, google_client_id: null });
    expect(configOf({ MARKET_FEED: 'simulator' }).simulated).toBe(true);
  });

  it('names the feed as a trader needs it: SIMULATED, REPLAY, IEX, SIP or DELAYED, with its clock rate', () => {
    const source = (env: Record<string, string>) =>
      loadConfig({ DATA_DIR: '/tmp/tapeline-unused', ...env }).marketSource;
    expect(configOf({ MARKET_FEED: 'simulator' }).market?.feed).toBe('SIMULATED');
    expect(source({ MARKET_FEED: 'simulator', SIM_SPEED: '60' })).toEqual({ label: 'SIMULATED', rate: 60 });
    expect(source({ MARKET_FEED: 'simulator', SIM_CLOCK: 'wall', SIM_SPEED: '60' }).rate).toBe(1);
    expect(source({ MARKET_FEED: 'replay:/tmp/tape.ndjson' })).toEqual({ label: 'REPLAY', rate: 1 });
    expect(source({ MARKET_FEED: 'replay:/tmp/tape.ndjson', REPLAY_SPEED: 'max' }).rate).toBeNull();
    const alpaca = { MARKET_FEED: 'alpaca', ALPACA_KEY_ID: 'k', ALPACA_SECRET_KEY: 's' };
    expect(source(alpaca)).toEqual({ label: 'IEX', rate: 1 });
    expect(source({ ...alpaca, ALPACA_FEED: 'sip' }).label).toBe('SIP');
    const massive = { MARKET_FEED: 'massive', MASSIVE_API_KEY: 'k' };
    expect(source(massive).label).toBe('SIP');
    expect(source({ ...massive, MASSIVE_WS_URL: 'wss://delayed.massive.com/stocks' }).label).toBe('DELAYED');
    // The API role names the engine's feed from the same settings.
    expect(
      source({ ...massive, ROLE: 'api', MASSIVE_WS_URL: 'wss://delayed.massive.com/stocks' }).label,
    ).toBe('DELAYED');
    expect(configOf({ MARKET_FEED: 'off' }).market).toEqual({ feed: null, health: 'down', clock: null });
  });

  it('names the Google client when sign-in with Google is configured', () => {
    expect(configOf({ GOOGLE_CLIENT_ID: 'client-123' })).toMatchObject({ google_client_id: 'client-123' });
  });

  it('has no icon URL without SYMBOL_ICON_URL (lettered badges), and passes a template through', () => {
    expect(configOf().symbolIconUrl).toBeNull();
    const template = 'https://cdn.example/icons/{symbol}.png';
    expect(configOf({ SYMBOL_ICON_URL: template }).symbolIconUrl).toBe(template);
  });

  it("is the app's own /help without HELP_URL, else HELP_URL's value", () => {
    expect(configOf().helpUrl).toBe('/help');
    expect(configOf({ HELP_URL: 'https://docs.example.com/tapeline' }).helpUrl).toBe(
      'https://docs.example.com/tapeline',
    );
  });
});

describe('the system routes', () => {
  const app = withApp({ mail: 'outbox', env: { GOOGLE_CLIENT_ID: 'client-123' } });

  it('GET /api/config answers the configuration in its contract shape', async () => {
    const res = await app.call('GET', '/api/config');
    expect(res.status).toBe(200);
    expect(configResponseSchema.parse(res.body)).toEqual(publicConfig(app.ctx.config));
    expect(res.body).toMatchObject({ google_client_id: 'client-123', simulated: false });
  });

  it('GET /api/health answers with the database driver in use', async () => {
    const res = await app.call('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, database: app.ctx.database.driver });
  });
});
