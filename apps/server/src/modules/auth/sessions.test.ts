import { SignJWT } from 'jose';
import { io, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { seedSubscriber, seedUser } from '../../test/factories.ts';
import { login, me } from '../../test/helpers.ts';
import { withApp } from '../../test/withApp.ts';
import { setRoleByEmail } from '../admin/setRole.ts';
import { SESSION_CACHE_MS } from './sessionCache.ts';
import { SOCKET_SWEEP_MS } from './socketSessions.ts';

const JWT_SECRET = 'sessions-test-secret-of-at-least-32-chars';
const app = withApp({
  mail: 'outbox',
  env: { JWT_SECRET, MARKET_FEED: 'manual:2026-11-20T14:30:00Z' },
});
const sockets: Socket[] = [];

afterAll(async () => {
  for (const socket of sockets) socket.close();
});

const logout = (token: string) => app.call('POST', '/api/auth/logout', { token });

async function dataToken(token: string): Promise<string> {
  const res = await app.call<{ token: string }>('POST', '/api/auth/ds/login', { token });
  expect(res.status).toBe(200);
  return res.body.token;
}
const dataCall = (token: string) => app.call('GET', '/data/sector/symbols/cnt', { token });

/** A connected socket and a promise of the reason it was disconnected for. */
async function connect(token: string): Promise<{ socket: Socket; closed: Promise<string> }> {
  const socket = io(app.baseUrl, { auth: { token }, transports: ['websocket'], reconnection: false });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return { socket, closed: new Promise((resolve) => socket.once('disconnect', (reason) => resolve(reason))) };
}

const adminToken = async () => (await seedUser(app, { role: 'admin' })).token;

describe('sessions', () => {
  it('logout ends only the caller’s session: its token, its sockets and its data token', async () => {
    const seeded = await seedSubscriber(app);
    const other = (await login(app, seeded.email, seeded.password)).body.access_token;
    const ds = await dataToken(seeded.token);
    expect((await dataCall(ds)).status).toBe(200);
    const mine = await connect(seeded.token);
    const theirs = await connect(other);

    expect((await logout(seeded.token)).body).toEqual({ success: true });
    expect(await mine.closed).toBe('io server disconnect');
    expect((await me(app, seeded.token)).status).toBe(401);
    expect((await logout(seeded.token)).status).toBe(401);
    // Ended in this process: the data host drops it at once, not after its cache time.
    expect((await dataCall(ds)).status).toBe(401);

    expect((await me(app, other)).status).toBe(200);
    expect(theirs.socket.connected).toBe(true);
  });

  it('a role change ends every session of the user', async () => {
    const target = await seedSubscriber(app);
    const live = await connect(target.token);
    const res = await app.call('POST', '/api/admin/user/update', {
      token: await adminToken(),
      body: { uid: target.user.id, field: 'role', value: true },
    });
    expect(res.status).toBe(200);
    expect(await live.closed).toBe('io server disconnect');
    expect((await me(app, target.token)).status).toBe(401);
    const again = await login(app, target.email, target.password);
    expect(again.body.user).toMatchObject({ role: 'mod' });
  });

  it('turning chat off ends no session (a chat permission, not a sign-in): the token and socket stay', async () => {
    const admin = await adminToken();
    const target = await seedSubscriber(app);
    const live = await connect(target.token);
    const toggle = (value: boolean) =>
      app.call('POST', '/api/admin/user/update', {
        token: admin,
        body: { uid: target.user.id, field: 'chat', value },
      });
    expect((await toggle(false)).status).toBe(200);
    expect((await me(app, target.token)).status).toBe(200);
    // The socket sweep would find an ended session: it finds this one live.
    app.clock.advance(SOCKET_SWEEP_MS);
    expect((await me(app, target.token)).status).toBe(200);
    expect(live.socket.connected).toBe(true);
    expect((await toggle(true)).status).toBe(200);
    expect((await me(app, target.token)).status).toBe(200);
  });

  it('a session ended outside this process (the CLI) closes sockets at the sweep and data tokens within 30 s', async () => {
    const target = await seedSubscriber(app);
    const ds = await dataToken(target.token);
    expect((await dataCall(ds)).status).toBe(200);
    const live = await connect(target.token);

    const result = await setRoleByEmail(app.ctx.database.db, target.email, 'mod', new Date(app.clock.now()));
    expect(result.ok).toBe(true);
    expect((await me(app, target.token)).status).toBe(401);

    // The data host trusts its cached answer for at most SESSION_CACHE_MS; the socket stays
    // until the sweep, whose timer runs as the clock passes SOCKET_SWEEP_MS.
    expect((await dataCall(ds)).status).toBe(200);
    expect(live.socket.connected).toBe(true);
    expect(SOCKET_SWEEP_MS).toBeLessThanOrEqual(SESSION_CACHE_MS);
    app.clock.advance(SESSION_CACHE_MS);
    expect((await dataCall(ds)).status).toBe(401);
    expect(await live.closed).toBe('io server disconnect');
  });

  it('a socket whose session was already ended cannot connect', async () => {
    const seeded = await seedUser(app);
    await logout(seeded.token);
    await expect(connect(seeded.token)).rejects.toThrow('Invalid access_token');
  });
});

describe('tokens our key signed but we never issued', () => {
  const key = new TextEncoder().encode(JWT_SECRET);
  const sign = (claims: Record<string, unknown>, options: { exp?: boolean; sub?: string } = {}) => {
    const jwt = new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setAudience('tapeline-api')
      .setIssuedAt();
    if (options.sub !== undefined) jwt.setSubject(options.sub);
    if (options.exp !== false) jwt.setExpirationTime('1h');
    return jwt.sign(key);
  };

  it('answers 401, never a 500, for a subject that is not a UUID, no exp, or no session', async () => {
    const seeded = await seedUser(app);
    const sid = '00000000-0000-4000-8000-000000000000';
    const forged = [
      await sign({ sid, ver: 0 }, { sub: 'not-a-uuid' }),
      await sign({ sid, ver: 0 }, { sub: "1' or '1'='1" }),
      await sign({ sid, ver: 0 }, { sub: seeded.user.id, exp: false }),
      await sign({ ver: 0 }, { sub: seeded.user.id }),
      await sign({ sid: 'nope', ver: 0 }, { sub: seeded.user.id }),
      await sign({ sid, ver: 0 }, { sub: seeded.user.id }),
      await sign({ sid, ver: 'x' }, { sub: seeded.user.id }),
    ];
    for (const token of forged) {
      const res = await me(app, token);
      expect(res.status, token).toBe(401);
      expect(res.body).toEqual({ error: 'Invalid access_token' });
    }
  });
});
