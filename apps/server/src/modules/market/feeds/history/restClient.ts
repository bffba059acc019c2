import { systemClock } from '../../../../platform/clock.ts';
import type { Log } from '../../../../platform/log.ts';

// GET JSON from a vendor's REST API with its auth headers. A 429 (or 5xx) waits the vendor's
// Retry-After (else a doubling delay from 500 ms) and tries again, up to `retries` times; other
// statuses fail the call with the status and the start of the body (never the headers: keys).

export class RestError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface RestClientOptions {
  headers: Record<string, string>;
  logger: Log;
  retries?: number;
  /** First retry delay without a Retry-After (ms). */
  retryMs?: number;
  /** Per request; a vendor that stops answering fails the backfill instead of the start. */
  timeoutMs?: number;
  /** Injected for tests; default the system clock's. */
  sleep?: (ms: number) => Promise<void>;
}

export type GetJson = (url: string) => Promise<unknown>;

const defaultSleep = (ms: number) => systemClock.sleep(ms);

export function restClient(options: RestClientOptions): GetJson {
  const retries = options.retries ?? 5;
  const sleep = options.sleep ?? defaultSleep;
  return async (url) => {
    let delay = options.retryMs ?? 500;
    for (let attempt = 0; ; attempt++) {
      const res = await fetch(url, {
        headers: { accept: 'application/json', ...options.headers },
        signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
      });
      if (res.ok) return res.json();
      const body = (await res.text()).slice(0, 200);
      const path = new URL(url).pathname;
      if ((res.status === 429 || res.status >= 500) && attempt < retries) {
        const after = Number(res.headers.get('retry-after'));
        const wait =
          Number.isFinite(after) && after >= 0 && res.headers.has('retry-after') ? after * 1000 : delay;
        options.logger.warn(`history: ${res.status} from ${path}, retrying in ${wait} ms`);
        await sleep(wait);
        delay = Math.min(delay * 2, 30_000);
        continue;
      }
      throw new RestError(res.status, `${res.status} from ${path}: ${body}`);
    }
  };
}

/** Runs `work` over `items` with at most `limit` at a time, results in input order. */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  work: (x: T) => Promise<R>,
): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}
