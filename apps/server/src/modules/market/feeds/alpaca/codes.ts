// Alpaca market-data v2 trading statuses (`T:"s"`) carry the SIPs' status code `sc` and reason
// code `rc`. Mapping to the normalized status event:
//   halted = true   sc "H" (UTP trading halt), "2" (CTA trading halt), "P" (UTP volatility
//                   trading pause, i.e. an LULD pause)
//   halted = false  sc "T" (UTP trading resumption), "3" (CTA resume)
//   ignored         everything else: "Q" quotation resumption (quotes only, trading still
//                   halted), imbalance and price indications ("5"–"9", "A", "C", "D"), "E" (SSR)
// reason = rc (e.g. "T1" news pending, "LUDP" volatility pause, "H10" SEC suspension, "M" CTA
// LULD pause); when rc is empty: "LUDP" for sc "P", otherwise the status code itself.

const HALT = new Set(['H', '2', 'P']);
const RESUME = new Set(['T', '3']);

/** 1 = halted, 0 = resumed, -1 = not a halt status. */
export function haltState(sc: string): number {
  if (HALT.has(sc)) return 1;
  if (RESUME.has(sc)) return 0;
  return -1;
}

export function haltReason(sc: string, rc: string): string {
  if (rc) return rc;
  return sc === 'P' ? 'LUDP' : sc;
}

// Error codes of the stream (T:"error").
export const ERR_AUTH_FAILED = 402;
export const ERR_SYMBOL_LIMIT = 405;
export const ERR_CONNECTION_LIMIT = 406;
export const ERR_INSUFFICIENT_SUBSCRIPTION = 409;
export const ERR_INVALID_SUBSCRIBE = 410;

/** What the feed does about an error: stop, reconnect, wait the long backoff, shrink the subscription, or note it. */
export type ErrorAction = 'fatal' | 'reconnect' | 'limit' | 'plan' | 'note';

/**
 * Every error the stream documents (docs.alpaca.markets, "WebSocket Stream", Errors), with
 * what the operator reads and what the feed does. Anything else: logged with its code and the
 * connection starts over.
 */
export const ALPACA_ERRORS: Readonly<
  Record<number, { readonly action: ErrorAction; readonly says: string }>
> = {
  400: { action: 'reconnect', says: 'the stream could not read a message we sent (400 invalid syntax)' },
  401: { action: 'reconnect', says: 'a message was sent before authenticating (401 not authenticated)' },
  402: {
    action: 'fatal',
    says: 'authentication failed (402): check ALPACA_KEY_ID and ALPACA_SECRET_KEY (paper and live keys differ)',
  },
  403: { action: 'note', says: 'already authenticated (403)' },
  404: {
    action: 'reconnect',
    says: 'authentication took longer than the 10 s the stream allows (404 auth timeout)',
  },
  405: {
    action: 'plan',
    says: 'the plan limits how many symbols one connection may subscribe (405 symbol limit exceeded)',
  },
  406: {
    action: 'limit',
    says: 'another client is connected with these keys (406 connection limit exceeded)',
  },
  407: {
    action: 'reconnect',
    says: 'the stream dropped us for reading too slowly (407 slow client): the engine thread is overloaded',
  },
  409: {
    action: 'fatal',
    says: 'the plan does not include this data feed (409 insufficient subscription): set ALPACA_FEED=iex for the free plan, or subscribe to Algo Trader Plus for ALPACA_FEED=sip',
  },
  410: { action: 'plan', says: 'the plan refused this subscription (410 invalid subscribe action)' },
  500: { action: 'reconnect', says: 'the stream had an internal error (500)' },
};

/** Symbols one websocket may subscribe, by plan: the free plan's IEX stream allows 30. */
export const PLAN_SYMBOL_LIMIT: Readonly<Record<'iex' | 'sip', number>> = {
  iex: 30,
  sip: Number.POSITIVE_INFINITY,
};

const digit = (s: string, i: number, n: number): number => {
  let v = 0;
  for (let k = 0; k < n; k++) {
    const c = s.charCodeAt(i + k) - 48;
    if (c < 0 || c > 9) return Number.NaN;
    v = v * 10 + c;
  }
  return v;
};

/**
 * RFC-3339 with up to nanosecond fractions ("2021-02-22T15:51:44.208123456Z", or an offset such
 * as "-05:00") → Unix ms, truncating below the millisecond. No Date object, no regex: it runs
 * once per trade. NaN when malformed.
 */
export function rfc3339ToMs(s: string): number {
  if (s.length < 20 || s.charCodeAt(4) !== 45 || s.charCodeAt(7) !== 45 || s.charCodeAt(13) !== 58)
    return Number.NaN;
  const base = Date.UTC(
    digit(s, 0, 4),
    digit(s, 5, 2) - 1,
    digit(s, 8, 2),
    digit(s, 11, 2),
    digit(s, 14, 2),
    digit(s, 17, 2),
  );
  let i = 19;
  let ms = 0;
  if (s.charCodeAt(i) === 46) {
    i++;
    let scale = 100;
    while (i < s.length) {
      const c = s.charCodeAt(i) - 48;
      if (c < 0 || c > 9) break;
      ms += c * scale;
      scale /= 10;
      i++;
    }
    ms = Math.floor(ms + 1e-9);
  }
  const z = s.charCodeAt(i);
  if (z === 90 && i === s.length - 1) return base + ms;
  if ((z === 43 || z === 45) && i + 6 === s.length && s.charCodeAt(i + 3) === 58) {
    const offset = (digit(s, i + 1, 2) * 60 + digit(s, i + 4, 2)) * 60_000;
    return base + ms - (z === 43 ? offset : -offset);
  }
  return Number.NaN;
}
