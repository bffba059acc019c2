/// <reference types="node" />
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { messageFor, messages } from '@tapeline/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type ApiClient, CallError, createApiClient, detailOf, failureOf } from './api.ts';

// A real server on loopback: the client's fetch, timeout and parsing run unmocked.
const echoSchema = z.object({ method: z.string(), auth: z.string().nullable(), body: z.unknown() });
const valueSchema = z.object({ value: z.number() });

function send(res: ServerResponse, status: number, body: string, type = 'application/json') {
  res.writeHead(status, { 'Content-Type': type });
  res.end(body);
}

async function handle(req: IncomingMessage, res: ServerResponse) {
  let raw = '';
  for await (const chunk of req) raw += chunk;
  switch (req.url) {
    case '/echo':
      return send(
        res,
        200,
        JSON.stringify({
          method: req.method,
          auth: req.headers.authorization ?? null,
          body: raw ? JSON.parse(raw) : null,
        }),
      );
    case '/form':
      return send(
        res,
        200,
        JSON.stringify({
          method: req.method,
          auth: null,
          body: { type: req.headers['content-type'] ?? '', raw },
        }),
      );
    case '/declined':
      return send(res, 402, '{"error":"card_error","message":"Your card was declined."}');
    case '/value':
      return send(res, 200, '{"value":42}');
    case '/wrong-shape':
      return send(res, 200, '{"value":"42"}');
    case '/not-json':
      return send(res, 200, 'hello', 'text/plain');
    case '/invalid-email':
      return send(res, 400, '{"error":"invalid_email","message":"Email address is invalid"}');
    case '/duplicate':
      return send(res, 409, '{"error":"duplicate_account_active","message":"x"}');
    case '/unauthorized':
      return send(res, 401, '{"error":"access_token expired"}');
    case '/rate-limited':
      return send(res, 429, '{"error":"rate_limited","message":"x"}');
    case '/gateway':
      return send(res, 502, '<html>Bad Gateway</html>', 'text/html');
    case '/bare-500':
      return send(res, 500, '', 'text/plain');
    case '/internal':
      return send(res, 500, '{"error":"internal","message":"Unknown problem"}');
    case '/html-404':
      return send(res, 404, '<html>nope</html>', 'text/html');
    case '/slow':
      return; // never answers: the client's timeout must fire
    default:
      return send(res, 404, '{"error":"not_found","message":"Not found"}');
  }
}

let server: Server;
let origin: string;
let token: string | null = null;
let unauthorizedCalls = 0;
let client: ApiClient;

beforeAll(async () => {
  server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  client = createApiClient({
    baseUrl: origin,
    getToken: () => token,
    onUnauthorized: () => {
      unauthorizedCalls++;
    },
    // The product's own timeout: a loaded CI machine must not turn a slow answer into a failure.
    timeoutMs: 5000,
  });
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function failureFrom(call: Promise<unknown>) {
  const error = await call.then(
    () => null,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(CallError);
  return failureOf(error);
}

describe('API client', () => {
  it('sends JSON and the bearer token when there is one', async () => {
    token = null;
    expect(await client.request('POST', '/echo', echoSchema, { email: 'a@b.co' })).toEqual({
      method: 'POST',
      auth: null,
      body: { email: 'a@b.co' },
    });
    token = 'abc.def.ghi';
    expect((await client.request('GET', '/echo', echoSchema)).auth).toBe('Bearer abc.def.ghi');
    token = null;
  });

  it('parses answers with the given schema', async () => {
    expect(await client.request('GET', '/value', valueSchema)).toEqual({ value: 42 });
    expect(await failureFrom(client.request('GET', '/wrong-shape', valueSchema))).toEqual({
      kind: 'unknown',
    });
    expect(await failureFrom(client.request('GET', '/not-json', valueSchema))).toEqual({ kind: 'unknown' });
  });

  it('maps error bodies to api failures that messageFor words per screen', async () => {
    const invalid = await failureFrom(client.request('POST', '/invalid-email', valueSchema, {}));
    expect(invalid).toEqual({ kind: 'api', status: 400, code: 'invalid_email' });
    expect(messageFor('forgot', invalid)).toBe(messages.invalidEmail);

    const duplicate = await failureFrom(client.request('PUT', '/duplicate', valueSchema, {}));
    expect(messageFor('signup', duplicate)).toBe(messages.signupDuplicateActive);
    expect(messageFor('account', duplicate)).toBe(messages.accountDuplicate);

    const limited = await failureFrom(client.request('POST', '/rate-limited', valueSchema, {}));
    expect(messageFor('login', limited)).toBe(messages.rateLimited);

    expect(await failureFrom(client.request('GET', '/html-404', valueSchema))).toEqual({
      kind: 'api',
      status: 404,
      code: '',
    });
  });

  it('treats a bare 5xx from a proxy or gateway as the service being unavailable', async () => {
    const failure = await failureFrom(client.request('GET', '/gateway', valueSchema));
    expect(failure).toEqual({ kind: 'network' });
    expect(messageFor('login', failure)).toBe(messages.serviceNotAvailable);
    expect(await failureFrom(client.request('GET', '/bare-500', valueSchema))).toEqual({ kind: 'network' });
  });

  it("keeps the API's own 5xx error codes", async () => {
    const failure = await failureFrom(client.request('GET', '/internal', valueSchema));
    expect(failure).toEqual({ kind: 'api', status: 500, code: 'internal' });
    expect(messageFor('login', failure)).toBe(messages.unknownProblem);
  });

  it('logs out on a 401 only when the call carried a token', async () => {
    unauthorizedCalls = 0;
    token = null;
    await failureFrom(client.request('POST', '/unauthorized', valueSchema, {}));
    expect(unauthorizedCalls).toBe(0);

    token = 'abc.def.ghi';
    const failure = await failureFrom(client.request('GET', '/unauthorized', valueSchema));
    expect(failure).toEqual({ kind: 'api', status: 401, code: 'access_token expired' });
    expect(unauthorizedCalls).toBe(1);
    token = null;
  });

  it('gives up after the timeout with a network failure', async () => {
    // Only here a short timeout: '/slow' never answers, so nothing but the timeout can end it.
    const impatient = createApiClient({
      baseUrl: origin,
      getToken: () => null,
      onUnauthorized: () => {},
      timeoutMs: 200,
    });
    expect(await failureFrom(impatient.request('GET', '/slow', valueSchema))).toEqual({ kind: 'network' });
  });

  it('reports an unreachable server as a network failure', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const offline = createApiClient({
      baseUrl: `http://127.0.0.1:${port}`,
      getToken: () => null,
      onUnauthorized: () => {},
    });
    expect(await failureFrom(offline.request('GET', '/value', valueSchema))).toEqual({ kind: 'network' });
  });

  it("keeps the error body's message for screens that show it as is", async () => {
    const error = await client.request('POST', '/declined', valueSchema, {}).catch((err: unknown) => err);
    expect(failureOf(error)).toEqual({ kind: 'api', status: 402, code: 'card_error' });
    expect(detailOf(error)).toBe('Your card was declined.');
    expect(detailOf(new Error('x'))).toBeUndefined();
  });

  it('sends FormData as multipart with the browser-made boundary', async () => {
    const form = new FormData();
    form.set('username', 'tape');
    const answer = await client.request('POST', '/form', echoSchema, form);
    const body = answer.body as { type: string; raw: string };
    expect(body.type).toMatch(/^multipart\/form-data; boundary=/);
    expect(body.raw).toContain('name="username"');
    expect(body.raw).toContain('tape');
  });

  it('maps anything that is not a CallError to unknown', () => {
    expect(failureOf(new Error('boom'))).toEqual({ kind: 'unknown' });
  });
});
