import { alertMessages, WEBHOOK_TYPES } from '@tapeline/core';
import { describe, expect, it } from 'vitest';
import { seedSubscriber } from '../../../test/factories.ts';
import { withApp } from '../../../test/withApp.ts';
import { alertsApi } from './testing/alertsApi.ts';

const app = withApp({ mail: 'outbox' });
const api = alertsApi(app);

describe('POST /api/alerts/webhook', () => {
  it('stores one URL per type (empty ones too) and GET answers the map', async () => {
    const { token } = await seedSubscriber(app, 'standard');
    const hooks = {
      high_low: 'https://93.184.215.14/tapeline/hl',
      halts: 'http://203.0.114.7:8080/halts',
      price: 'ftp://8.8.8.8/drop',
      uvol: '',
    };
    const res = await api.saveWebhooks(token, hooks);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect((await api.list(token)).body).toMatchObject({ alert_webhook: hooks });
    // The whole map is replaced: a type left out has no URL any more.
    await api.saveWebhooks(token, { vwapdist: 'https://1.1.1.1/v' });
    expect((await api.list(token)).body).toMatchObject({
      alert_webhook: { vwapdist: 'https://1.1.1.1/v' },
    });
    expect(Object.keys((await api.list(token)).body.alert_webhook as object)).toEqual(['vwapdist']);
  });

  it('keeps the signing secret made on the first read when the URLs are saved, and makes one if none', async () => {
    const first = await seedSubscriber(app, 'standard');
    const before = (await api.list(first.token)).body.webhook_secret;
    await api.saveWebhooks(first.token, { conditional: 'https://93.184.215.14/c' });
    expect((await api.list(first.token)).body.webhook_secret).toBe(before);

    const fresh = await seedSubscriber(app, 'standard');
    await api.saveWebhooks(fresh.token, { conditional: 'https://93.184.215.14/c' });
    expect((await api.list(fresh.token)).body.webhook_secret).toMatch(/^whsec_/);
  });

  const invalid = [
    'javascript:alert(1)',
    'https://user:pass@example.com/hook',
    'http://127.0.0.1/hook',
    'http://10.0.0.1/hook',
    'http://[::1]/hook',
    'http://localhost:3000/hook',
    'http://169.254.169.254/latest/meta-data',
    'http://192.168.1.20/hook',
    'file:///etc/passwd',
    'not a url',
  ];
  it.each(invalid)('refuses %s with 400 "Webhook URL is invalid." and keeps the stored map', async (url) => {
    const { token } = await seedSubscriber(app, 'standard');
    await api.saveWebhooks(token, { high_low: 'https://93.184.215.14/ok' });
    for (const type of ['high_low', 'conditional']) {
      const res = await api.saveWebhooks(token, { high_low: 'https://93.184.215.14/new', [type]: url });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'invalid_webhook', message: alertMessages.webhookInvalid });
    }
    expect((await api.list(token)).body).toMatchObject({
      alert_webhook: { high_low: 'https://93.184.215.14/ok' },
    });
  });

  it('answers malformed bodies with 400: unknown types, non-strings, over-long URLs', async () => {
    const { token } = await seedSubscriber(app, 'standard');
    const bodies: unknown[] = [
      { discord: 'https://93.184.215.14' },
      { high_low: 42 },
      { high_low: `https://93.184.215.14/${'a'.repeat(2100)}` },
      'https://93.184.215.14',
      null,
    ];
    for (const alert_webhook of bodies) {
      const res = await api.saveWebhooks(token, alert_webhook);
      expect(res.status, JSON.stringify(alert_webhook)?.slice(0, 40)).toBe(400);
    }
    expect((await api.list(token)).body).toMatchObject({ alert_webhook: {} });
  });

  it('accepts every §9 webhook type', async () => {
    const { token } = await seedSubscriber(app, 'standard');
    const hooks = Object.fromEntries(WEBHOOK_TYPES.map((t) => [t, `https://93.184.215.14/${t}`]));
    expect((await api.saveWebhooks(token, hooks)).status).toBe(200);
    expect((await api.list(token)).body).toMatchObject({ alert_webhook: hooks });
  });
});

describe('with WEBHOOK_ALLOW_PRIVATE (tests, a receiver on the LAN)', () => {
  const lan = withApp({ mail: 'outbox', env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });

  it('accepts private and loopback targets, still not other schemes or credentials', async () => {
    const { token } = await seedSubscriber(lan, 'standard');
    const lanApi = alertsApi(lan);
    const hooks = {
      high_low: 'http://127.0.0.1:9000/hook',
      halts: 'http://10.0.0.1/h',
      price: 'http://[::1]/p',
    };
    expect((await lanApi.saveWebhooks(token, hooks)).status).toBe(200);
    expect((await lanApi.list(token)).body).toMatchObject({ alert_webhook: hooks });
    for (const url of ['javascript:alert(1)', 'http://user:pw@127.0.0.1/']) {
      expect((await lanApi.saveWebhooks(token, { uvol: url })).status, url).toBe(400);
    }
  });
});
