import { createServer, type IncomingHttpHeaders } from 'node:http';

// Test helper: a vendor REST API on loopback (port 0). Each test answers requests with a
// function of path and query in the vendor's documented shapes; every request is recorded with
// its headers (auth checks), and `failNext` scripts one refusal (a 429 with Retry-After).

export interface FakeRequest {
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
}

export interface FakeAnswer {
  status?: number;
  body: unknown;
}

export interface FakeRestServer {
  readonly url: string;
  readonly requests: FakeRequest[];
  /** The next request whose path starts with `prefix` gets this status (and Retry-After) once. */
  failNext(prefix: string, status: number, retryAfterSeconds?: number): void;
  close(): Promise<void>;
}

export async function startFakeRest(
  answer: (req: FakeRequest) => FakeAnswer | null,
): Promise<FakeRestServer> {
  const requests: FakeRequest[] = [];
  const failures: { prefix: string; status: number; retryAfter?: number }[] = [];
  const server = createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://127.0.0.1');
    const request: FakeRequest = { path: u.pathname, query: u.searchParams, headers: req.headers };
    requests.push(request);
    const f = failures.findIndex((x) => u.pathname.startsWith(x.prefix));
    if (f >= 0) {
      const [fail] = failures.splice(f, 1);
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (fail?.retryAfter !== undefined) headers['retry-after'] = String(fail.retryAfter);
      res.writeHead(fail?.status ?? 500, headers);
      res.end(JSON.stringify({ status: 'ERROR', message: 'too many requests' }));
      return;
    }
    const a = answer(request);
    res.writeHead(a ? (a.status ?? 200) : 404, { 'content-type': 'application/json' });
    res.end(JSON.stringify(a ? a.body : { status: 'NOT_FOUND', message: `no route ${u.pathname}` }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    failNext(prefix, status, retryAfter) {
      failures.push(retryAfter === undefined ? { prefix, status } : { prefix, status, retryAfter });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A page of `items` from `offset`: the vendors' cursors are opaque, ours is the offset. */
export function page<T>(
  items: readonly T[],
  cursor: string | null,
  size: number,
): { items: T[]; next: string | null } {
  const from = cursor ? Number(cursor) : 0;
  const to = Math.min(items.length, from + size);
  return { items: items.slice(from, to), next: to < items.length ? String(to) : null };
}
