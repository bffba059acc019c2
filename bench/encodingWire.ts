// Real socket.io servers for the encoding benchmark: bytes the server writes to a client's TCP
// socket per batch (WebSocket framing and socket.io's packet included), and the server's CPU
// and memory to broadcast to N clients in another process.
import { fork } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Server } from 'socket.io';
import { io as connect } from 'socket.io-client';

// A forced collection before each reading, so that memory held per client is told apart from
// garbage not yet collected (the benchmark's own process only).
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
/** Resident memory after a full collection: zlib's state is malloc'd, outside V8's counts. */
function retained(): number {
  gc();
  return process.memoryUsage().rss;
}

const EVENT = 'compressedUpdate';
const ROOM = 'stream';

async function startServer(perMessageDeflate: boolean) {
  const http = createServer();
  const tcp: Socket[] = [];
  http.on('connection', (socket) => tcp.push(socket));
  // threshold 1024 is engine.io's own default once permessage-deflate is on.
  const io = new Server(http, {
    serveClient: false,
    perMessageDeflate: perMessageDeflate ? { threshold: 1024 } : false,
  });
  io.on('connection', (socket) =>
    socket.on('join', (ack?: unknown) => {
      void socket.join(ROOM);
      if (typeof ack === 'function') ack();
    }),
  );
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return {
    io,
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    written: () => tcp.reduce((sum, socket) => sum + socket.bytesWritten, 0),
    close: () => new Promise<void>((resolve) => io.close(() => resolve())),
  };
}

/** Bytes on the wire for each payload, to one client that offers permessage-deflate. */
export async function wireBytes(payloads: readonly Buffer[], perMessageDeflate: boolean): Promise<number[]> {
  const server = await startServer(perMessageDeflate);
  const client = connect(server.url, { transports: ['websocket'], reconnection: false });
  await new Promise<void>((resolve) => client.on('connect', () => client.emit('join', resolve)));
  let deliver: (bytes: Buffer) => void = () => {};
  client.on(EVENT, (bytes: Buffer) => deliver(bytes));
  const sizes: number[] = [];
  for (const payload of payloads) {
    const before = server.written();
    const got = new Promise<Buffer>((resolve) => {
      deliver = resolve;
    });
    server.io.to(ROOM).emit(EVENT, payload);
    const bytes = await got;
    // The measurement only counts if the client got exactly what was sent.
    if (!Buffer.from(bytes).equals(payload))
      throw new Error('the client received other bytes than were sent');
    sizes.push(server.written() - before);
  }
  client.close();
  await server.close();
  return sizes;
}

export interface BroadcastCost {
  /** Server CPU (µs) per client per batch, from emit to the last client's receipt. */
  serverUsPerClient: number;
  /** Mean wall time (ms) from emit until every client had the batch. */
  deliveryMs: number;
  /**
   * Resident memory the server still holds per client after the broadcasts (compression
   * state), bytes. A lower bound: memory freed earlier in the process is reused first.
   */
  retainedPerClient: number;
}

/** Broadcasts each payload to `clients` socket.io clients in a child process, one at a time. */
export async function broadcastCost(
  payloads: readonly Buffer[],
  perMessageDeflate: boolean,
  clients: number,
): Promise<BroadcastCost> {
  const server = await startServer(perMessageDeflate);
  const child = fork(
    new URL('./encodingClients.ts', import.meta.url).pathname,
    [server.url, String(clients)],
    {
      execArgv: ['--import', 'tsx'],
    },
  );
  const waiters = new Map<string, () => void>();
  child.on('message', (m: { type: string; n?: number }) => {
    const key = m.type === 'all' ? `all:${m.n}` : m.type;
    waiters.get(key)?.();
    waiters.delete(key);
  });
  const wait = (key: string) => new Promise<void>((resolve) => waiters.set(key, resolve));
  await wait('ready');
  const before = retained();

  let cpuUs = 0;
  let wallMs = 0;
  for (const [n, payload] of payloads.entries()) {
    const delivered = wait(`all:${n}`);
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    server.io.to(ROOM).emit(EVENT, payload);
    await delivered;
    const cpu = process.cpuUsage(cpu0);
    wallMs += performance.now() - t0;
    cpuUs += cpu.user + cpu.system;
  }
  // ws makes a socket's compression context on its first compressed message and keeps it.
  const retainedPerClient = (retained() - before) / clients;
  child.send({ type: 'stop' });
  await server.close();
  return {
    serverUsPerClient: cpuUs / (clients * payloads.length),
    deliveryMs: wallMs / payloads.length,
    retainedPerClient,
  };
}
