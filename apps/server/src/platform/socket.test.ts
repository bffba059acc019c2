import { io, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { seedUser } from '../test/factories.ts';
import { withApp } from '../test/withApp.ts';

const app = withApp({ mail: 'outbox' });
const sockets: Socket[] = [];
afterAll(async () => {
  for (const socket of sockets) socket.close();
});

type Outcome = { event: 'connect' } | { event: 'connect_error'; message: string };

/** Connects with `auth` and reports the first thing that happens. */
function connect(auth: Record<string, unknown>): Promise<Outcome> {
  const socket = io(app.baseUrl, { auth, transports: ['websocket'], reconnection: false, timeout: 5000 });
  sockets.push(socket);
  return new Promise((resolve) => {
    socket.once('connect', () => resolve({ event: 'connect' }));
    socket.once('connect_error', (error) => resolve({ event: 'connect_error', message: error.message }));
  });
}

describe('socket.io', () => {
  it('accepts a connection carrying a valid access token and puts it in the user room', async () => {
    const { token, user } = await seedUser(app);
    expect(await connect({ token })).toEqual({ event: 'connect' });
    const rooms = await app.app.io.in(`user:${user.id}`).fetchSockets();
    expect(rooms).toHaveLength(1);
  });

  it.each<[string, Record<string, unknown>]>([
    ['a garbage token', { token: 'not-a-token' }],
    ['no token', {}],
    ['a token that is not a string', { token: 42 }],
  ])('refuses %s with "Invalid access_token"', async (_label, auth) => {
    expect(await connect(auth)).toEqual({ event: 'connect_error', message: 'Invalid access_token' });
  });

  it('refuses a token issued before the password changed', async () => {
    const seeded = await seedUser(app);
    const changed = await app.call('PUT', '/api/auth/user', {
      token: seeded.token,
      body: { password: 'another-password', current_password: seeded.password },
    });
    expect(changed.status).toBe(200);
    expect(await connect({ token: seeded.token })).toEqual({
      event: 'connect_error',
      message: 'Invalid access_token',
    });
  });
});
