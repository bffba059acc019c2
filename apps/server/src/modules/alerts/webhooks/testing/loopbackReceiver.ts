import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A webhook receiver on 127.0.0.1 for the tests and the bench: a real HTTP server that keeps
// what it was sent and answers as told. A test kit: only tests, bench and e2e import it.

export interface Received {
  path: string;
  headers: Record<string, string>;
  body: string;
}

/** How to answer one request: a status (with headers), or never (a receiver that hangs). */
export type Answer = { status: number; headers?: Record<string, string> } | 'hang';

export interface LoopbackReceiver {
  /** `http://127.0.0.1:<port>` */
  url: string;
  port: number;
  received: Received[];
  /** How many requests reached the server at all. */
  count(): number;
  /** How many TCP connections were opened to it. */
  connections(): number;
  /** The answer for the next requests (default 200), or a function of the request. */
  answer(with_: Answer | ((request: Received) => Answer)): void;
  /** Requests held by a 'hang' answer, not yet answered. */
  hanging(): number;
  /** The most requests held at once. */
  mostHanging(): number;
  /** Answers every held request with this status. */
  release(status: number): void;
  close(): Promise<void>;
}

export async function startLoopbackReceiver(options: { keep?: boolean } = {}): Promise<LoopbackReceiver> {
  const keep = options.keep ?? true;
  const received: Received[] = [];
  let count = 0;
  let answer: Answer | ((request: Received) => Answer) = { status: 200 };
  const hanging = new Set<http.ServerResponse>();
  let mostHanging = 0;
  const server = http.createServer((req, res) => {
    count += 1;
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request: Received = {
        path: req.url ?? '/',
        headers: Object.fromEntries(
          Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')]),
        ),
        body: Buffer.concat(chunks).toString('utf8'),
      };
      if (keep) received.push(request);
      const chosen = typeof answer === 'function' ? answer(request) : answer;
      if (chosen === 'hang') {
        hanging.add(res);
        res.on('close', () => hanging.delete(res));
        mostHanging = Math.max(mostHanging, hanging.size);
        return;
      }
      res.writeHead(chosen.status, chosen.headers);
      res.end();
    });
  });
  let connections = 0;
  server.on('connection', () => {
    connections += 1;
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    received,
    count: () => count,
    connections: () => connections,
    answer(with_) {
      answer = with_;
    },
    hanging: () => hanging.size,
    mostHanging: () => mostHanging,
    release(status) {
      for (const res of hanging) {
        res.writeHead(status);
        res.end();
      }
      hanging.clear();
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
