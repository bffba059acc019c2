import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createDataHostClient } from './dataHost.ts';

// A data host on loopback that accepts only the latest token it handed out.
let server: Server;
let baseUrl = '';
let current = 'token-1';
beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.headers.authorization !== `Bearer ${current}`) {
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"Invalid access_token"}');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":[1,2,3]}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

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
    await expect(client.get('/data/x', schema)).rejects.toThrow('401');
  });
});
