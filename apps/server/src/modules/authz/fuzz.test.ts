import http from 'node:http';
import { API_KEY_SCOPES, API_V1_PREFIX } from '@tapeline/core';
import { afterAll, describe, expect, it } from 'vitest';
import { seedPersona } from '../../test/factories.ts';
import { startTestApp } from '../../test/testApp.ts';
import {
  type FuzzBody,
  hostileAuthorizations,
  hostileBodies,
  OVERSIZED_JSON,
  PARAM_VALUES,
  QUERIES,
} from './fuzzCorpus.ts';
import { registeredRoutes } from './registeredRoutes.ts';

// Every registered route × {anonymous, subscriber, admin} × a fixed hostile corpus: no answer
// may be a 5xx, and every API error must be the `{error, …}` JSON the client maps. Requests go
// out raw (node:http), so paths reach the server exactly as written (no URL normalising).

const app = await startTestApp({ mail: 'outbox', env: { MARKET_FEED: 'manual:2026-11-20T14:30:00Z' } });
const subscriber = await seedPersona(app, 'pro');
const admin = await seedPersona(app, 'admin');
if (!subscriber || !admin) throw new Error('personas not seeded');
const dataToken = (
  await app.call<{ token: string }>('POST', '/api/auth/ds/login', { token: subscriber.token })
).body.token;
/**
 * The traders' API is called with personal keys: each v1 route gets a fresh Pro user's key with
 * every scope, so its own allowance (API_V1_RATE per key) lasts through the corpus.
 */
async function v1Key(): Promise<string> {
  const user = await seedPersona(app, 'pro');
  if (!user) throw new Error('persona not seeded');
  const body = { name: 'fuzz', scopes: API_KEY_SCOPES };
  return (await app.call<{ key: string }>('POST', '/api/api_keys', { token: user.token, body })).body.key;
}
const authorizations = await hostileAuthorizations(subscriber.user.id, subscriber.token);
const bodies = hostileBodies();
// Signing out ends the persona's session: fuzz it last so every other route sees a live one.
const routes = registeredRoutes(app.app.http).sort(
  (a, b) => Number(a.includes('logout')) - Number(b.includes('logout')) || a.localeCompare(b),
);
const port = new URL(app.baseUrl).port;
const agent = new http.Agent({ keepAlive: true, maxSockets: 6 });

afterAll(async () => {
  agent.destroy();
  await app.close();
});

interface Probe {
  who: string;
  method: string;
  path: string;
  authorization?: string;
  body?: FuzzBody;
}

interface Answer {
  status: number;
  type: string;
  text: string;
}

function send(probe: Probe): Promise<Answer> {
  return new Promise((resolve) => {
    const headers: Record<string, string> = {};
    if (probe.authorization !== undefined) headers.authorization = probe.authorization;
    const payload = probe.body ? Buffer.from(probe.body.body) : null;
    if (probe.body && payload) {
      headers['content-type'] = probe.body.contentType;
      headers['content-length'] = String(payload.length);
    }
    const request = http.request(
      { host: '127.0.0.1', port, method: probe.method, path: probe.path, headers, agent },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            type: String(response.headers['content-type'] ?? ''),
            text: Buffer.concat(chunks).toString(),
          }),
        );
      },
    );
    // A server that answers (413) before reading the whole body may close the socket under us:
    // the answer already came, so a failed write is not a finding.
    request.on('error', (error) => resolve({ status: -1, type: '', text: String(error) }));
    if (payload) request.write(payload);
    request.end();
  });
}

/** What is wrong with an answer, or null: a 5xx, or an API error that is not `{error}` JSON. */
function fault(probe: Probe, answer: Answer): string | null {
  if (answer.status >= 500) return `status ${answer.status}`;
  if (answer.status === -1) return probe.body?.body === OVERSIZED_JSON ? null : `no answer: ${answer.text}`;
  const api = /^\/(api|data)(\/|$|\?)/.test(probe.path);
  if (!api || answer.status < 400) return null;
  try {
    const body = JSON.parse(answer.text) as { error?: unknown };
    return typeof body.error === 'string' ? null : 'error answer without an `error` string';
  } catch {
    return `error answer is not JSON (${answer.type})`;
  }
}

const describeProbe = (p: Probe) => {
  const body = p.body ? ` [${p.body.contentType}] ${p.body.body.slice(0, 80)}` : '';
  return `${p.who} ${p.method} ${p.path.slice(0, 120)}${body}${p.authorization ? ` (auth: ${p.authorization.slice(0, 40)})` : ''}`;
};

async function run(probes: Probe[], concurrency = 6): Promise<string[]> {
  const faults: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < probes.length) {
      const probe = probes[next++] as Probe;
      const answer = await send(probe);
      const problem = fault(probe, answer);
      if (problem) faults.push(`${describeProbe(probe)} → ${problem}: ${answer.text.slice(0, 160)}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return faults;
}

/** The route with every `:param` set to `value`. */
const fill = (route: string, value: string) => route.replace(/:[A-Za-z_]+/g, value);

async function probesFor(entry: string): Promise<Probe[]> {
  const [method = 'GET', route = '/'] = entry.split(' ');
  const hasBody = method !== 'GET';
  const token = route.startsWith('/data')
    ? dataToken
    : route.startsWith(API_V1_PREFIX)
      ? await v1Key()
      : subscriber?.token;
  const callers: [string, string | undefined][] = [
    ['anonymous', undefined],
    ['subscriber', `Bearer ${token}`],
    ['admin', `Bearer ${admin?.token}`],
  ];
  const probes: Probe[] = [];
  const base = fill(route, 'AAPL');
  for (const [who, authorization] of callers) {
    const paths = route.includes(':') ? PARAM_VALUES.map((value) => fill(route, value)) : [route];
    for (const path of [...paths, ...QUERIES.map((query) => `${base}${query}`)]) {
      probes.push({ who, method, path, authorization });
    }
    if (hasBody) for (const body of bodies) probes.push({ who, method, path: base, authorization, body });
  }
  for (const authorization of authorizations) {
    probes.push({ who: 'forged', method, path: base, authorization, body: hasBody ? bodies[0] : undefined });
  }
  if (hasBody) {
    probes.push({
      who: 'subscriber',
      method,
      path: base,
      authorization: callers[1]?.[1],
      body: { contentType: 'application/json', body: OVERSIZED_JSON },
    });
  }
  return probes;
}

describe('fuzzing every route', () => {
  it('finds the routes to fuzz', () => {
    expect(routes.length).toBeGreaterThan(40);
    expect(routes).toContain('POST /api/stock_stats/inc/:symbol');
    expect(routes).toContain('POST /api/v1/discovery/:tf/filter');
  });

  it.each(routes)(
    '%s never answers 5xx, and API errors are {error} JSON',
    { timeout: 60_000 },
    async (entry) => {
      const probes = await probesFor(entry);
      expect(probes.length).toBeGreaterThan(30);
      expect(await run(probes)).toEqual([]);
    },
  );

  it('the socket.io endpoint survives hostile handshakes', async () => {
    const paths = [
      '/socket.io/?EIO=4&transport=polling',
      '/socket.io/?EIO=99&transport=nope',
      '/socket.io/?EIO=4&transport=polling&sid=%00',
      `/socket.io/?EIO=4&transport=polling&sid=${'A'.repeat(5000)}`,
      '/socket.io/?EIO=4&transport=websocket',
      '/socket.io/%2e%2e/%2e%2e/package.json',
      // The bots' WebSocket: plain GETs, a key in the URL, traversal.
      '/ws/v1',
      '/ws/v1?api_key=tl_live_x',
      '/ws/v1/%2e%2e/%00',
    ];
    const probes: Probe[] = paths.flatMap((path) => [
      { who: 'anonymous', method: 'GET', path },
      { who: 'anonymous', method: 'POST', path, body: { contentType: 'text/plain', body: '4{"bad":\u0000' } },
    ]);
    expect(await run(probes)).toEqual([]);
  });
});
