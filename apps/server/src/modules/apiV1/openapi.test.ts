import SwaggerParser from '@apidevtools/swagger-parser';
import { V1_OPERATIONS, type V1OperationId } from '@tapeline/core';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedPersona } from '../../test/factories.ts';
import { until } from '../../test/waitFor.ts';
import { withApp } from '../../test/withApp.ts';
import { DOCS_CSP } from './reference/docsRoutes.ts';
import { createKey } from './testing/keys.ts';

// The documents are generated from core (issue 25 §4): an independent validator accepts the
// OpenAPI document, and every operation it documents is called with a key and its answer checked
// against the document's own schema — so the document and the server cannot drift apart.

// Friday 2026-11-20, 09:30 New York, hand-fed: Discovery and the recent stream have rows.
const OPEN = Date.UTC(2026, 10, 20, 14, 30);
const app = withApp({ mail: 'outbox', env: { MARKET_FEED: `manual:${new Date(OPEN).toISOString()}` } });

interface Operation {
  operationId: string;
  responses: Record<string, { content?: Record<string, { schema: object }> }>;
}
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: { Error: object } };
};

let document: Document;
let key = '';
let alertId = 0;
let backtestId = '';

beforeAll(async () => {
  document = (await app.call<Document>('GET', '/api/v1/openapi.json')).body;
  const proplus = await seedPersona(app, 'proplus');
  if (!proplus) throw new Error('persona');
  key = (await createKey(app, proplus.token)).key;
  const engine = app.app.market.engine;
  if (!engine) throw new Error('no engine');
  engine.push(
    [10, 10.5, 11].map((price, i) =>
      JSON.stringify({ type: 'trade', sym: 'AAPL', price, size: 100, ts: OPEN + i * 60_000 }),
    ),
  );
  await until('AAPL in Discovery', async () => {
    const res = await app.call<{ rows: { s: string }[] }>('GET', '/api/v1/discovery/1day', {
      headers: { authorization: `Bearer ${key}` },
    });
    return res.body.rows?.some((r) => r.s === 'AAPL') ? true : undefined;
  });
});

/** What each documented operation is called with, in this order (the alert made first is changed, then deleted). */
const CALLS: Record<V1OperationId, () => { url: string; body?: unknown }> = {
  getMe: () => ({ url: '/api/v1/me' }),
  getDiscovery: () => ({ url: '/api/v1/discovery/1day' }),
  filterDiscovery: () => ({
    url: '/api/v1/discovery/1d/filter',
    body: { type: 'all', values: { last: { min: 1 } } },
  }),
  getRecentStream: () => ({ url: '/api/v1/stream/recent?type=custom&symbols=AAPL' }),
  listQuotes: () => ({ url: '/api/v1/quotes' }),
  getSparklines: () => ({ url: '/api/v1/sparklines/AAPL' }),
  listNews: () => ({ url: '/api/v1/news?limit=5' }),
  listAlerts: () => ({ url: '/api/v1/alerts' }),
  createAlert: () => ({ url: '/api/v1/alerts', body: { category: 'AAPL', type: 'trade' } }),
  updateAlert: () => ({ url: `/api/v1/alerts/${alertId}`, body: { category: 'AAPL', rate: 2 } }),
  saveFilteredAlerts: () => ({ url: '/api/v1/filtered-alerts', body: { filtered_alerts: [] } }),
  getAlertHistory: () => ({ url: '/api/v1/alert-history' }),
  deleteAlert: () => ({ url: `/api/v1/alerts/${alertId}` }),
  // No session is recorded here: the backtest is answered at once, done and empty.
  startBacktest: () => ({ url: '/api/v1/alerts/backtest', body: { rule: { kind: 'halt' }, sessions: 5 } }),
  getBacktest: () => ({ url: `/api/v1/alerts/backtest/${backtestId}` }),
  cancelBacktest: () => ({ url: `/api/v1/alerts/backtest/${backtestId}` }),
};

describe('OpenAPI 3.1 at /api/v1/openapi.json', () => {
  it('is accepted by an independent validator (@apidevtools/swagger-parser)', async () => {
    const validated = (await SwaggerParser.validate(structuredClone(document) as never)) as {
      openapi: string;
    };
    expect(validated.openapi).toBe('3.1.0');
  });

  it('documents exactly the operations the server declares', () => {
    const documented = Object.values(document.paths).flatMap((item) =>
      Object.values(item).map((op) => op.operationId),
    );
    expect(documented.sort()).toEqual(Object.keys(V1_OPERATIONS).sort());
    expect([...app.app.api.v1.declared()].sort()).toEqual(Object.keys(V1_OPERATIONS).sort());
    expect(Object.keys(CALLS).sort()).toEqual(documented.sort());
  });

  it('every documented operation answers a key with what its schema says', async () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    const failures: string[] = [];
    for (const [id, make] of Object.entries(CALLS) as [V1OperationId, (typeof CALLS)[V1OperationId]][]) {
      const { method, path } = V1_OPERATIONS[id];
      const operation = document.paths[path]?.[method.toLowerCase()];
      const schema = operation?.responses['200']?.content?.['application/json']?.schema;
      if (!schema) {
        failures.push(`${id}: no 200 schema documented`);
        continue;
      }
      const { url, body } = make();
      const res = await app.call<unknown>(method, url, { headers: { authorization: `Bearer ${key}` }, body });
      if (res.status !== 200) {
        failures.push(`${id}: ${res.status} ${JSON.stringify(res.body)}`);
        continue;
      }
      if (!res.headers.get('ratelimit-remaining')) failures.push(`${id}: no RateLimit-Remaining`);
      if (!ajv.validate(schema, res.body)) failures.push(`${id}: ${ajv.errorsText(ajv.errors)}`);
      if (id === 'createAlert') {
        const list = (res.body as { data: { list: { id: number; category: string }[] } }).data.list;
        alertId = list.find((a) => a.category === 'AAPL')?.id ?? 0;
      }
      if (id === 'startBacktest') backtestId = (res.body as { id: string }).id;
    }
    expect(failures).toEqual([]);
    expect(alertId).toBeGreaterThan(0);
  });

  it('an error answer matches the documented Error schema', async () => {
    const ajv = new Ajv2020({ strict: false });
    const res = await app.call('GET', '/api/v1/alerts', {
      headers: { authorization: 'Bearer tl_live_nope' },
    });
    expect(res.status).toBe(401);
    expect(ajv.validate(document.components.schemas.Error, res.body)).toBe(true);
  });
});

describe('the reference page at /api/docs', () => {
  it('loads the self-hosted renderer with no inline script, under its own CSP', async () => {
    const res = await fetch(`${app.baseUrl}/api/docs`);
    const html = await res.text();
    expect(res.headers.get('content-security-policy')).toBe(DOCS_CSP);
    expect(DOCS_CSP).toContain("script-src 'self'");
    const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBe(2);
    for (const [, attributes, inline] of scripts) {
      expect(inline?.trim()).toBe('');
      expect(attributes).toMatch(/src="\/api\/docs\//);
    }
    const bundle = await fetch(`${app.baseUrl}/api/docs/scalar.js`);
    expect(bundle.headers.get('content-type')).toContain('javascript');
    expect((await bundle.arrayBuffer()).byteLength).toBeGreaterThan(100_000);
    const start = await (await fetch(`${app.baseUrl}/api/docs/start.js`)).text();
    expect(start).toContain('/api/v1/openapi.json');
    expect(start).toContain('"telemetry":false');
  });

  it('AsyncAPI 3 at /api/v1/asyncapi.json describes /ws/v1 from the same core schemas', async () => {
    const res = await app.call<{ asyncapi: string; channels: { stream: { address: string } } }>(
      'GET',
      '/api/v1/asyncapi.json',
    );
    expect(res.body.asyncapi).toBe('3.0.0');
    expect(res.body.channels.stream.address).toBe('/ws/v1');
    expect(JSON.stringify(res.body)).toContain('"resume"');
  });
});
