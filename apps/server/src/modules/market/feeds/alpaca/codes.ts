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
export const ERR_CONNECTION_LIMIT = 406;
export const ERR_INSUFFICIENT_SUBSCRIPTION = 409;

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
