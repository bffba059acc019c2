import { randomBytes } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { seedUser } from '../../test/factories.ts';
import { withApp } from '../../test/withApp.ts';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

// Two server nodes: one database, one Redis, one signing secret, as behind a load balancer.
// B starts after A (hooks run in order) and closes before it (in reverse), as A owns the database.
const env = { REDIS_URL, JWT_SECRET: randomBytes(32).toString('hex') };
const nodeA = withApp({ mail: 'outbox', env });
const nodeB = withApp(() => ({ mail: 'outbox', env, shareDatabaseWith: nodeA }));
const sockets: Socket[] = [];

afterAll(async () => {
  for (const socket of sockets) socket.close();
});

function connect(baseUrl: string, token: string): Promise<Socket> {
  const socket = io(baseUrl, { auth: { token }, transports: ['websocket'], reconnection: false });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

describe('socket.io across two server nodes (Redis adapter)', () => {
  it('delivers to a user connected to node A what node B emits to their room', async () => {
    const { token, user } = await seedUser(nodeA);
    const socket = await connect(nodeA.baseUrl, token);
    const received = new Promise((resolve) => socket.once('notice', resolve));
    // Give the adapter's subscription a moment to be in place on both nodes.
    await new Promise((resolve) => setTimeout(resolve, 100));
    nodeB.app.io.to(`user:${user.id}`).emit('notice', { from: 'node-b' });
    expect(await received).toEqual({ from: 'node-b' });
  });

  it('lets a token issued by one node open a socket on the other', async () => {
    const { token } = await seedUser(nodeA);
    const socket = await connect(nodeB.baseUrl, token);
    expect(socket.connected).toBe(true);
  });
});
