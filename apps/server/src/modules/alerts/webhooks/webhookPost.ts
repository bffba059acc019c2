import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { Clock } from '../../../platform/clock.ts';

/** What a receiver may send back that is read: the rest is cut off (the status is all we use). */
const BODY_CAP = 4096;

export class WebhookTimeoutError extends Error {
  readonly code = 'EWEBHOOKTIMEOUT';
  constructor(ms: number) {
    super(`no answer within ${ms / 1000} s`);
  }
}

/** Keep-alive pools for the webhook POSTs of one node; bounded, idle sockets closed after 30 s. */
export function webhookAgents(maxSockets: number) {
  const options = { keepAlive: true, maxSockets, maxTotalSockets: maxSockets * 8, timeout: 30_000 };
  const agents = { http: new http.Agent(options), https: new https.Agent(options) };
  return {
    ...agents,
    destroy() {
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}

export interface PostOptions {
  headers: Record<string, string>;
  body: string;
  lookup: LookupFunction;
  timeoutMs: number;
  agents: ReturnType<typeof webhookAgents>;
  clock: Clock;
}

/**
 * One POST, answering the status. Node's client never follows a redirect, so a 3xx is just a
 * status here. The timeout covers the whole exchange (connect, send, headers, and a body still
 * trickling in), and the connection resolves its host through `lookup` (the SSRF check).
 */
export function postJson(url: URL, options: PostOptions): Promise<number> {
  return new Promise((resolve, reject) => {
    const secure = url.protocol === 'https:';
    const request = (secure ? https : http).request(
      url,
      {
        method: 'POST',
        headers: { ...options.headers, 'content-length': String(Buffer.byteLength(options.body)) },
        agent: secure ? options.agents.https : options.agents.http,
        lookup: options.lookup,
      },
      (response) => {
        let seen = 0;
        response.on('data', (chunk: Buffer) => {
          seen += chunk.length;
          if (seen > BODY_CAP) response.destroy();
        });
        response.on('error', () => {});
        response.on('close', () => timer.cancel());
        resolve(response.statusCode ?? 0);
      },
    );
    const timer = options.clock.setTimeout(
      () => request.destroy(new WebhookTimeoutError(options.timeoutMs)),
      options.timeoutMs,
    );
    request.on('error', (error) => {
      timer.cancel();
      reject(error);
    });
    request.end(options.body);
  });
}
