import { configResponseSchema } from '@tapeline/core';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/testApp.ts';

let app: TestApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

describe('GET /api/config', () => {
  it('says SIMULATED only when the simulator feeds the market', async () => {
    app = await startTestApp({ mail: 'outbox', env: { MARKET_FEED: 'off' } });
    expect((await app.call('GET', '/api/config')).body).toMatchObject({
      simulated: false,
      google_client_id: null,
    });
  });

  it('names the Google client when sign-in with Google is configured', async () => {
    app = await startTestApp({ mail: 'outbox', env: { GOOGLE_CLIENT_ID: 'client-123' } });
    expect((await app.call('GET', '/api/config')).body).toMatchObject({ google_client_id: 'client-123' });
  });
});

describe('GET /api/config symbolIconUrl', () => {
  it('is null without SYMBOL_ICON_URL, so the browser draws lettered badges', async () => {
    app = await startTestApp({ mail: 'outbox' });
    const res = await app.call('GET', '/api/config');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ symbolIconUrl: null });
  });

  it('passes the icon URL template through for the browser to fill in', async () => {
    const template = 'https://cdn.example/icons/{symbol}.png';
    app = await startTestApp({ mail: 'outbox', env: { SYMBOL_ICON_URL: template } });
    const body = (await app.call('GET', '/api/config')).body;
    expect(configResponseSchema.parse(body).symbolIconUrl).toBe(template);
  });
});

describe('GET /api/config helpUrl', () => {
  it("is the app's own /help without HELP_URL", async () => {
    app = await startTestApp({ mail: 'outbox' });
    expect((await app.call('GET', '/api/config')).body).toMatchObject({ helpUrl: '/help' });
  });

  it("is HELP_URL's value when set", async () => {
    app = await startTestApp({ mail: 'outbox', env: { HELP_URL: 'https://docs.example.com/tapeline' } });
    expect((await app.call('GET', '/api/config')).body).toMatchObject({
      helpUrl: 'https://docs.example.com/tapeline',
    });
  });
});

describe('GET /api/health', () => {
  it('answers with the database driver in use', async () => {
    app = await startTestApp({ mail: 'outbox' });
    const res = await app.call('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, database: expect.stringMatching(/^(pglite|postgres)$/) });
  });
});
