import { connect, type Socket } from 'node:net';
import { messages } from '@tapeline/core';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSubscriber } from '../test/factories.ts';
import { until } from '../test/waitFor.ts';
import { withApp } from '../test/withApp.ts';
import { BODY_WINDOW_MS } from './http/bodyTimeout.ts';
import { installErrorHandler } from './http/errors.ts';

const REFUSED = { error: 'bad_request', message: messages.malformedRequest };

const app = withApp({ mail: 'outbox' });
let token: string;
let userId: string;
beforeAll(async () => {
  const seeded = await seedSubscriber(app);
  token = seeded.token;
  userId = seeded.user.id;
});

describe('a NUL byte anywhere', () => {
  it.each([
    ['GET', '/api/profile/image/%00'],
    ['GET', '/api/settings?x=%00'],
    ['GET', '/api/settings?%00=1'],
    ['POST', '/api/stock_stats/inc/AA%00PL'],
    ['GET', '/api/auth/verify_email/abc%00def'],
    ['GET', '/dashboard%00'],
  ])('in the URL: %s %s answers 400', async (method, url) => {
    const res = await app.call(method, url, { token });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(REFUSED);
  });

  it.each([
    ['a string deep in the body', { symbols: ['AAPL', { deeper: ['x\u0000y'] }] }],
    ['a key', { symbols: ['AAPL'], 'sym\u0000bols': 1 }],
    ['the top-level value', { symbols: '\u0000' }],
  ])('in %s of a JSON body answers 400', async (_what, body) => {
    const res = await app.call('POST', '/api/settings/symbols/validate', { token, body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(REFUSED);
  });

  it('in a body nested past any real use answers 400, not a stack overflow', async () => {
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const res = await app.call('POST', '/api/settings/config', { token, body: `{"config":${deep}}` });
    expect(res.status).toBe(400);
  });

  it('in a multipart field of the profile form answers 400 and changes nothing', async () => {
    const send = (username: string) => {
      const form = new FormData();
      form.set('username', username);
      return fetch(`${app.baseUrl}/api/profile`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
    };
    const ok = await send(`nul_${userId.slice(0, 8)}`);
    expect(ok.status).toBe(200);
    const bad = await send('evil\u0000name');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual(REFUSED);
    const profile = await app.call<{ username: string }>('GET', '/api/profile', { token });
    expect(profile.body.username).toBe(`nul_${userId.slice(0, 8)}`);
  });

  it('leaves a percent sign that only looks like one alone', async () => {
    const res = await app.call('GET', '/api/settings?note=%2500', { token });
    expect(res.status).toBe(200);
  });
});

describe('database errors caused by input', () => {
  let probe: FastifyInstance;
  beforeAll(async () => {
    // The real error handler in front of the real test database, asked to store what a route
    // forgot to check: what the net must catch.
    probe = Fastify();
    installErrorHandler(probe);
    probe.post('/uuid', async (request) => {
      await app.ctx.database.db.execute(sql`select ${(request.body as { v: string }).v}::uuid`);
      return { ok: true };
    });
    probe.post('/text', async (request) => {
      await app.ctx.database.db.execute(sql`select ${(request.body as { v: string }).v}::text`);
      return { ok: true };
    });
    probe.post('/bug', async () => {
      await app.ctx.database.db.execute(sql`select * from no_such_table`);
      return { ok: true };
    });
  });
  afterAll(async () => {
    await probe?.close();
  });

  const post = (url: string, v: string) =>
    probe.inject({ method: 'POST', url, payload: { v }, headers: { 'content-type': 'application/json' } });

  it('answers 400 for text that is not a uuid (22P02)', async () => {
    const res = await post('/uuid', 'not-a-uuid');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(REFUSED);
  });

  it('answers 400 for a NUL the database refuses (22021)', async () => {
    const res = await post('/text', 'a\u0000b');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(REFUSED);
  });

  it('keeps a genuine bug a 500', async () => {
    const res = await post('/bug', 'x');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ error: 'internal' });
  });
});

describe('a request body that drips (platform/http/bodyTimeout.ts)', () => {
  /** Sends the headers and a first few bytes of a 1,000-byte body, then nothing more. */
  function drip(): { socket: Socket; answer: Promise<string> } {
    const { hostname, port } = new URL(app.baseUrl);
    const socket = connect(Number(port), hostname);
    socket.on('error', () => {});
    socket.write(
      'POST /api/auth/login HTTP/1.1\r\nHost: tapeline.test\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"email":',
    );
    const answer = new Promise<string>((resolve) => {
      let text = '';
      socket.on('data', (chunk) => {
        text += chunk.toString('latin1');
      });
      socket.on('close', () => resolve(text));
    });
    return { socket, answer };
  }

  it('answers 408 and closes the connection within 30 s of the first byte', async () => {
    const before = app.clock.pending();
    const { socket, answer } = drip();
    let closed: string | undefined;
    void answer.then((text) => {
      closed = text;
    });
    await until('the body watch', () => (app.clock.pending() > before ? true : undefined));
    socket.write('"a');
    let advanced = 0;
    const text = await until('the cut', () => {
      if (closed !== undefined) return closed;
      app.clock.advance(1000);
      advanced += 1000;
      return undefined;
    });
    expect(advanced).toBeLessThanOrEqual(30_000);
    expect(advanced).toBeGreaterThanOrEqual(BODY_WINDOW_MS);
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
    expect(text).toContain(JSON.stringify({ error: 'request_timeout', message: messages.requestTimeout }));
  });
});
