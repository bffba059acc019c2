import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { NewsDraft } from '@tapeline/core';
import type { NewsSink } from '../newsSource.ts';

// A vendor's HTTP API on loopback (port 0) for the news source tests: each test scripts the
// answer per request, and every request is recorded (path, query, headers) for assertions.
// Besides answers it can misbehave the ways isolation.test.ts needs: hang, reset the connection,
// or stream a body far past any cap.

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
}

export type FakeAnswer =
  | { status: number; body?: string; headers?: Record<string, string> }
  /** Never answers (the client's timeout must end it). */
  | 'hang'
  /** Destroys the connection without an answer. */
  | 'reset'
  /** 200 with this many bytes of body, streamed until the client gives up. */
  | { hugeBytes: number };

export interface FakeHttp {
  readonly url: string;
  readonly requests: RecordedRequest[];
  close(): Promise<void>;
}

export async function startFakeHttp(answer: (req: RecordedRequest) => FakeAnswer): Promise<FakeHttp> {
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const recorded = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
    };
    requests.push(recorded);
    const a = answer(recorded);
    if (a === 'hang') return;
    if (a === 'reset') {
      req.socket.destroy();
      return;
    }
    if ('hugeBytes' in a) {
      streamHuge(res, a.hugeBytes);
      return;
    }
    res.writeHead(a.status, a.headers ?? {});
    res.end(a.body ?? '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function streamHuge(res: ServerResponse, total: number): void {
  const chunk = Buffer.alloc(64 * 1024, 'a');
  let sent = 0;
  res.writeHead(200, { 'content-type': 'application/xml' });
  const pump = () => {
    while (sent < total && !res.destroyed) {
      sent += chunk.length;
      if (!res.write(chunk)) {
        res.once('drain', pump);
        return;
      }
    }
    if (!res.destroyed) res.end();
  };
  res.on('error', () => {});
  pump();
}

/** A sink that keeps every draft it is handed. */
export function collectingSink(): { sink: NewsSink; drafts: NewsDraft[] } {
  const drafts: NewsDraft[] = [];
  return { drafts, sink: { articles: (batch) => void drafts.push(...batch) } };
}

/** A ListedSymbols over a fixed set. */
export const listedOf = (...symbols: string[]) => ({ listed: async () => new Set(symbols) });
