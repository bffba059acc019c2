import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MessageChannel } from 'node:worker_threads';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CallError, failureOf } from './api.ts';
import { createDataHostClient } from './dataHost.ts';
import { createRowsClient, type RowsPort } from './dataRows/rowsClient.ts';
import { ROWS_PER_MESSAGE, type RowsReply, type RowsRequest } from './dataRows/rowsProtocol.ts';
import { serve } from './dataRows/serveRows.ts';

// A data host on loopback that accepts only the latest token it handed out. Long lists are read
// by the rows worker: its side (serveRows) on one end of a real MessageChannel (structured
// clone, as between a page and its worker), the client on the other.
const NAMES = Array.from({ length: 2_500 }, (_, i) => ({ s: `S${i}`, n: i % 10 === 0 ? null : `Name ${i}` }));
let server: Server;
let baseUrl = '';
let current = 'token-1';
beforeAll(async () => {
  server = createServer((req, res) => {
    // A host that takes the request and never answers: only the client's timeout ends the wait.
    if (req.url === '/data/silent') return;
    if (req.headers.authorization !== `Bearer ${current}`) {
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"Invalid access_token"}');
      return;
    }
    const body =
      req.url === '/data/stock-names.json'
        ? JSON.stringify(NAMES)
        : req.url?.startsWith('/data/discovery')
          ? '[{"s":7}]'
          : '{"data":[1,2,3]}';
    res.writeHead(200, { 'content-type': 'application/json' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
);

const channels: MessageChannel[] = [];
afterEach(() => {
  current = 'token-1';
  for (const c of channels.splice(0)) {
    c.port1.close();
    c.port2.close();
  }
});

const schema = z.object({ data: z.array(z.number()) });

describe('data host client', () => {
  it('logs in to the data source once and reuses the token', async () => {
    let logins = 0;
    const client = createDataHostClient({ baseUrl, login: async () => `token-${++logins}` });
    expect(await client.get('/data/stream_bk', schema)).toEqual({ data: [1, 2, 3] });
    await client.get('/data/stream_bk', schema);
    expect(logins).toBe(1);
  });

  it('after a 401 logs in again and retries once', async () => {
    let logins = 0;
    const client = createDataHostClient({ baseUrl, login: async () => `token-${++logins}` });
    await client.get('/data/x', schema);
    current = 'token-2';
    expect(await client.get('/data/x', schema)).toEqual({ data: [1, 2, 3] });
    expect(logins).toBe(2);
  });

  it('gives up after one retry', async () => {
    const client = createDataHostClient({ baseUrl, login: async () => 'never-valid' });
    const failure = await client.get('/data/x', schema).catch(failureOf);
    expect(failure).toEqual({ kind: 'api', status: 401, code: 'Invalid access_token' });
  });

  it('fails as the API client does: a host that does not answer in time is a network failure', async () => {
    const client = createDataHostClient({ baseUrl, login: async () => 'token-1', timeoutMs: 50 });
    const error = await client.get('/data/silent', schema).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CallError);
    expect(failureOf(error)).toEqual({ kind: 'network' });
  });

  it('an answer that does not match the schema is an unknown failure', async () => {
    const client = createDataHostClient({ baseUrl, login: async () => 'token-1' });
    const failure = await client.get('/data/x', z.object({ other: z.string() })).catch(failureOf);
    expect(failure).toEqual({ kind: 'unknown' });
  });
});

/** A worker made of a MessageChannel: the replies it posted are counted. */
function worker() {
  const channel = new MessageChannel();
  channels.push(channel);
  const replies: RowsReply[] = [];
  channel.port2.on('message', (request: RowsRequest) =>
    serve(request, fetch, (reply) => {
      replies.push(reply);
      channel.port2.postMessage(reply);
    }),
  );
  const port = channel.port1 as unknown as RowsPort;
  return { port, replies, started: () => port };
}

describe('the rows worker', () => {
  it('reads a long list off the page: every row in order, posted in slices', async () => {
    const w = worker();
    let logins = 0;
    const host = createDataHostClient({
      baseUrl,
      login: async () => `token-${++logins}`,
      rowsWorker: createRowsClient(w.started),
    });
    const names = await host.rows('/data/stock-names.json', 'stockNames');
    expect(names).toHaveLength(NAMES.length);
    expect(names[0]).toEqual({ s: 'S0', n: '' });
    expect(names[2_499]).toEqual({ s: 'S2499', n: 'Name 2499' });
    const slices = w.replies.filter((r) => 'rows' in r);
    expect(slices).toHaveLength(Math.ceil(NAMES.length / ROWS_PER_MESSAGE));
    expect(slices.every((r) => 'rows' in r && r.rows.length <= ROWS_PER_MESSAGE)).toBe(true);
    expect(logins).toBe(1);
  });

  it('after a 401 logs in again and retries once; a second 401 fails', async () => {
    let logins = 0;
    const host = createDataHostClient({
      baseUrl,
      login: async () => `token-${++logins}`,
      rowsWorker: createRowsClient(worker().started),
    });
    await host.rows('/data/stock-names.json', 'stockNames');
    current = 'token-2';
    expect(await host.rows('/data/stock-names.json', 'stockNames')).toHaveLength(NAMES.length);
    expect(logins).toBe(2);

    const never = createDataHostClient({
      baseUrl,
      login: async () => 'never',
      rowsWorker: createRowsClient(worker().started),
    });
    const failure = await never.rows('/data/stock-names.json', 'stockNames').catch(failureOf);
    expect(failure).toEqual({ kind: 'api', status: 401, code: '' });
  });

  it('an answer that does not match the list is refused', async () => {
    const host = createDataHostClient({
      baseUrl,
      login: async () => 'token-1',
      rowsWorker: createRowsClient(worker().started),
    });
    const error = await host.rows('/data/discovery?tf=1d', 'discovery').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CallError);
    expect(failureOf(error)).toEqual({ kind: 'unknown' });
  });

  it('a list the worker does not bring in time is a network failure', async () => {
    const host = createDataHostClient({
      baseUrl,
      login: async () => 'token-1',
      rowsWorker: createRowsClient(worker().started),
      timeoutMs: 50,
    });
    const failure = await host.rows('/data/silent', 'stockNames').catch(failureOf);
    expect(failure).toEqual({ kind: 'network' });
  });

  it('a worker that fails fails what it had pending, and later lists are read in the page', async () => {
    let port: RowsPort | null = null;
    const host = createDataHostClient({
      baseUrl,
      login: async () => 'token-1',
      // A worker that never answers, then reports an error (it could not load).
      rowsWorker: createRowsClient(() => {
        port = { postMessage: () => {}, onmessage: null, onerror: null };
        return port;
      }),
    });
    const pending = host.rows('/data/stock-names.json', 'stockNames');
    await Promise.resolve();
    (port as RowsPort | null)?.onerror?.({} as ErrorEvent);
    expect(await pending.catch(failureOf)).toEqual({ kind: 'unknown' });
    expect(await host.rows('/data/stock-names.json', 'stockNames')).toHaveLength(NAMES.length);
  });
});
