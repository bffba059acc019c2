import { type Clock, systemClock } from '../../../../platform/clock.ts';

// One capped HTTP GET for the news sources: the operator's URLs are trusted (not SSRF-checked,
// docs/quotes-news.md §3) but still capped in time, size and redirects, so a vendor that hangs,
// streams forever or loops cannot hold a source or the process's memory.

export interface FetchLimits {
  /** The whole exchange, headers and body (default 15 s). */
  timeoutMs?: number;
  /** Body bytes; past it the request is aborted and fails (default 5 MB). */
  maxBytes?: number;
  /** Redirects followed by hand (default 3). */
  maxRedirects?: number;
  /** Aborts the request (the source is stopping). */
  signal?: AbortSignal;
  /** The deadline's timer (default the system clock; the poll loop's own deadline is the source's clock). */
  clock?: Pick<Clock, 'setTimeout'>;
}

export interface FetchedText {
  status: number;
  headers: Headers;
  /** Empty for 304 and other bodiless answers. */
  body: string;
  /** Where the answer came from after redirects. */
  url: string;
}

export const DEFAULT_TIMEOUT_MS = 15_000;
export const DEFAULT_MAX_BYTES = 5 * 1024 * 1024;

/** A vendor answered a status the source cannot use; `status` says which. */
export class HttpStatusError extends Error {
  constructor(
    readonly status: number,
    what: string,
  ) {
    super(`${what} answered HTTP ${status}`);
  }
}

/** The vendor refused the credentials: retried on the long wait, not the backoff. */
export class CredentialsRefusedError extends Error {}

export async function fetchText(
  url: string,
  headers: Record<string, string>,
  limits: FetchLimits = {},
): Promise<FetchedText> {
  const timeoutMs = limits.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBytes = limits.maxBytes ?? DEFAULT_MAX_BYTES;
  const maxRedirects = limits.maxRedirects ?? 3;
  const controller = new AbortController();
  const timer = (limits.clock ?? systemClock).setTimeout(
    () => controller.abort(new Error(`timed out after ${timeoutMs} ms`)),
    timeoutMs,
  );
  const onStop = () => controller.abort(new Error('stopped'));
  if (limits.signal?.aborted) onStop();
  limits.signal?.addEventListener('abort', onStop, { once: true });
  try {
    let current = url;
    for (let hop = 0; ; hop++) {
      const res = await fetch(current, { headers, redirect: 'manual', signal: controller.signal });
      const location = res.headers.get('location');
      if (res.status >= 300 && res.status < 400 && res.status !== 304 && location) {
        await res.body?.cancel();
        if (hop >= maxRedirects) throw new Error(`more than ${maxRedirects} redirects from ${url}`);
        const next = new URL(location, current);
        if (next.protocol !== 'http:' && next.protocol !== 'https:')
          throw new Error('redirect to a non-http URL');
        current = next.href;
        continue;
      }
      const body = await readCapped(res, maxBytes, controller);
      return { status: res.status, headers: res.headers, body, url: current };
    }
  } catch (error) {
    // An abort rejects with the reason given; anything else (reset, refused) as fetch says.
    if (controller.signal.aborted && controller.signal.reason instanceof Error)
      throw controller.signal.reason;
    throw error;
  } finally {
    timer.cancel();
    limits.signal?.removeEventListener('abort', onStop);
  }
}

async function readCapped(res: Response, maxBytes: number, controller: AbortController): Promise<string> {
  const declared = Number(res.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    controller.abort(new Error(`body of ${declared} bytes is over the ${maxBytes}-byte cap`));
    throw controller.signal.reason;
  }
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      controller.abort(new Error(`body over the ${maxBytes}-byte cap`));
      throw controller.signal.reason;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Parses a JSON body; garbage fails the poll (caught, counted and backed off by the loop). */
export function parseJsonBody(text: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`${what} answered malformed JSON`);
  }
}

/** 2xx passes; 401/403 are refused credentials; anything else fails the poll. */
export function expectOk(res: FetchedText, what: string, credentialsHint?: string): void {
  if (res.status >= 200 && res.status < 300) return;
  if (credentialsHint && (res.status === 401 || res.status === 403)) {
    throw new CredentialsRefusedError(
      `${what} refused the credentials (HTTP ${res.status}): check ${credentialsHint}`,
    );
  }
  throw new HttpStatusError(res.status, what);
}
