import http from 'node:http';
import https from 'node:https';
import type { RequestDetails } from 'web-push';
import { publicOnlyLookup, systemResolve } from '../webhooks/webhookTarget.ts';

/** A push service that has not answered by then is treated as down (retried). */
export const PUSH_TIMEOUT_MS = 10_000;
/** Push services answer a few bytes; more is read no further (it is only kept for the log). */
const ANSWER_MAX_BYTES = 2048;

export interface PushAnswer {
  status: number;
  body: string;
}

// One keep-alive pool per scheme: most pushes go to the same few push services.
const agents = {
  'https:': new https.Agent({ keepAlive: true, maxSockets: 32 }),
  'http:': new http.Agent({ keepAlive: true, maxSockets: 32 }),
};

/**
 * POSTs what web-push's `generateRequestDetails` prepared (encrypted body, VAPID Authorization,
 * TTL, Urgency): web-push's own `sendNotification` speaks https only and resolves names without
 * a check, while this one refuses private addresses at connect and, for the tests' loopback push
 * service, may speak plain http when the switch allows it. Redirects are not followed.
 */
export function postPush(details: RequestDetails, allowInsecure: boolean): Promise<PushAnswer> {
  const url = new URL(details.endpoint);
  const transport = url.protocol === 'http:' ? http : https;
  const agent = url.protocol === 'http:' ? agents['http:'] : agents['https:'];
  return new Promise((resolve, reject) => {
    const request = transport.request(
      url,
      {
        method: details.method,
        headers: details.headers as http.OutgoingHttpHeaders,
        agent,
        // The webhooks' connect-time check: every address of the name must be public (DNS rebinding).
        lookup: publicOnlyLookup(systemResolve, allowInsecure),
        timeout: PUSH_TIMEOUT_MS,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          if (size < ANSWER_MAX_BYTES) chunks.push(chunk);
          size += chunk.length;
        });
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).subarray(0, ANSWER_MAX_BYTES).toString('utf8'),
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('timeout', () =>
      request.destroy(new Error(`push service did not answer in ${PUSH_TIMEOUT_MS} ms`)),
    );
    request.on('error', reject);
    request.end(details.body ?? undefined);
  });
}
