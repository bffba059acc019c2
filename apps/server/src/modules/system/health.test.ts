import { healthLiveSchema, healthReadySchema } from '@tapeline/core';
import { describe, expect, it } from 'vitest';
import { HEALTH_CHECK_TIMEOUT_MS } from '../../platform/health.ts';
import { withApp } from '../../test/withApp.ts';

// A real node (engine thread on the manual feed, mail over a real SMTP server): the routes'
// shapes and a 503 when a part goes down. The rules themselves: platform/health.test.ts.
describe('GET /api/health/live and /api/health/ready', () => {
  const app = withApp({ mail: 'smtp', env: { MARKET_FEED: 'manual' } });

  it('live answers while the process runs', async () => {
    const res = await app.call('GET', '/api/health/live');
    expect(res.status).toBe(200);
    expect(healthLiveSchema.parse(res.body)).toEqual({ ok: true });
  });

  it('ready names each part with its state and latency, and turns 503 when mail is down', async () => {
    const res = await app.call('GET', '/api/health/ready');
    expect(res.status).toBe(200);
    const body = healthReadySchema.parse(res.body);
    expect(body.ready).toBe(true);
    expect(Object.keys(body.parts).sort()).toEqual(['database', 'engine', 'feed', 'mail']);
    for (const part of Object.values(body.parts)) expect(part?.state).toBe('ok');
    expect(res.headers.get('cache-control')).toBe('no-store');

    await app.smtp?.close();
    app.clock.advance(30_000);
    const down = await app.call('GET', '/api/health/ready');
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({
      ready: false,
      parts: { mail: { state: 'down' }, database: { state: 'ok' } },
    });
    // No host, port or URL of the SMTP server in a public answer.
    expect(JSON.stringify(down.body)).not.toMatch(/127\.0\.0\.1|smtp:|localhost/);
  });

  it('keeps GET /api/health as it was', async () => {
    const res = await app.call('GET', '/api/health');
    expect(res.body).toEqual({ ok: true, database: app.ctx.database.driver });
  });

  it('turns 503 when the engine stops: the engine and its feed are down', async () => {
    await app.app.market.engine?.stop();
    // The engine's status query times out on the node's clock: move it until the answer comes.
    let answered = false;
    const answer = app.call('GET', '/api/health/ready').finally(() => {
      answered = true;
    });
    while (!answered) {
      app.clock.advance(HEALTH_CHECK_TIMEOUT_MS);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const down = await answer;
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({
      ready: false,
      parts: { engine: { state: 'down' }, feed: { state: 'down' } },
    });
  });
});
