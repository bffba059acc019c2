import { readFileSync } from 'node:fs';
import path from 'node:path';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../test/serverProcess.ts';
import { withApp } from '../test/withApp.ts';
import { loadConfig } from './config.ts';
import { silentLog } from './log.ts';
import { type MetricsServer, startMetricsServer } from './metrics.ts';

/** The metric names docs/operations.md lists (its "Metrics" table): the operator's contract. */
function documentedMetrics(): string[] {
  const doc = readFileSync(path.join(REPO_ROOT, 'docs/operations.md'), 'utf8');
  const section = doc.slice(doc.indexOf('## Metrics'), doc.indexOf('\n## ', doc.indexOf('## Metrics') + 1));
  return [...section.matchAll(/^\| `([a-z0-9_]+)` \|/gm)].map((match) => match[1] as string);
}

const TOKEN = 'scrape-token-0123456789';

describe('the metrics port', () => {
  const app = withApp({ mail: 'outbox', env: { MARKET_FEED: 'manual' } });
  let server: MetricsServer;
  let base: string;
  beforeAll(async () => {
    server = await startMetricsServer({ port: 0, host: '127.0.0.1', token: TOKEN, log: silentLog });
    base = `http://127.0.0.1:${server.port}`;
  });
  afterAll(() => server.close());

  it('serves every metric docs/operations.md lists, read by a Prometheus text parser', async () => {
    expect(await app.call('GET', '/api/health')).toMatchObject({ status: 200 });
    const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const families = parsePrometheusTextFormat(await res.text());
    const byName = new Map(families.map((family) => [family.name, family]));

    const listed = documentedMetrics();
    expect(listed.length).toBeGreaterThanOrEqual(19);
    expect(listed.filter((name) => !byName.has(name))).toEqual([]);

    // A few values, to show the figures are wired and not just declared.
    const http = byName.get('tapeline_http_requests_total');
    expect(http?.type).toBe('COUNTER');
    expect(http?.metrics).toContainEqual({
      value: expect.any(String),
      labels: { route: '/api/health', method: 'GET', status: '200' },
    });
    const status = JSON.parse(await app.app.market.source.query({ kind: 'status' })) as { trades: number };
    expect(Number(byName.get('tapeline_trades_total')?.metrics[0]?.value)).toBe(status.trades);
    expect(byName.get('tapeline_alert_deliveries')?.metrics).toHaveLength(4);
    expect(byName.get('tapeline_webhook_duration_seconds')?.type).toBe('HISTOGRAM');
    expect(Number(byName.get('nodejs_eventloop_lag_seconds')?.metrics[0]?.value)).toBeGreaterThanOrEqual(0);
  });

  it('refuses a scrape without the bearer token, and answers nothing else', async () => {
    expect((await fetch(`${base}/metrics`)).status).toBe(401);
    expect((await fetch(`${base}/metrics`, { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
    const other = await fetch(`${base}/api/health`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(other.status).toBe(404);
  });
});

describe('metrics settings', () => {
  const base = { DATA_DIR: '/tmp/tapeline-unused', MARKET_FEED: 'off' };
  it('serves none by default, and on loopback when METRICS_PORT alone is set', () => {
    expect(loadConfig(base).metrics).toBeNull();
    expect(loadConfig(base).engineHealthPort).toBeNull();
    expect(loadConfig({ ...base, METRICS_PORT: '9464' }).metrics).toEqual({
      port: 9464,
      host: '127.0.0.1',
      token: undefined,
    });
  });

  it('refuses a short METRICS_TOKEN naming the variable', () => {
    expect(() => loadConfig({ ...base, METRICS_PORT: '9464', METRICS_TOKEN: 'short' })).toThrow(
      /METRICS_TOKEN/,
    );
  });
});
