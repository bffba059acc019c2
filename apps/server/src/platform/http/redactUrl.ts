/** What a redacted secret is replaced with in logs. */
export const REDACTED = '[redacted]';

/**
 * Query parameters that carry a secret: mail-link tokens (`?token=`), bearer tokens some clients
 * put in URLs (`access_token`, socket.io's `token`), OAuth codes, signatures and keys.
 */
const SECRET_PARAM = /token|secret|password|passwd|code|key|sig|credential|auth/i;

/**
 * Path segments that are the secret itself: the segment after a mail-link route
 * (`/api/auth/verify_email/<token>`, and any later `…confirm…`/`…reset…` link of the same shape).
 */
const SECRET_AFTER_SEGMENT = /token|verify|confirm|reset|magic|unsubscribe/i;

/**
 * Any path segment that looks like a one-time token (43 base64url characters for 32 random
 * bytes) or a JWT, wherever it appears, so a new mail-link route is covered before anyone
 * remembers to list it. UUIDs (user ids in image URLs) stay readable.
 */
const OPAQUE_SEGMENT = /^(?:[A-Za-z0-9_-]{32,}|[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*)$/;
/** A personal API key's prefix (core API_KEY_PREFIX), in any query value. */
export const API_KEY_IN_URL = /tl_live_/i;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function redactQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      const name = pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // Malformed escapes: judge the raw name.
      }
      // A personal API key is a secret under any name (they are refused in URLs, and never logged).
      return SECRET_PARAM.test(decoded) || API_KEY_IN_URL.test(pair) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
}

function redactPath(pathname: string): string {
  const segments = pathname.split('/');
  return segments
    .map((segment, index) => {
      const previous = index > 0 ? (segments[index - 1] ?? '') : '';
      if (segment && SECRET_AFTER_SEGMENT.test(previous)) return REDACTED;
      if (OPAQUE_SEGMENT.test(segment) && !UUID.test(segment)) return REDACTED;
      return segment;
    })
    .join('/');
}

/**
 * A request URL fit for the log: secrets in the path and query replaced, everything else kept
 * so the line still says which route was called. Pure, so it is tested on its own.
 */
export function redactUrl(url: string): string {
  const hashless = url.split('#')[0] ?? '';
  const q = hashless.indexOf('?');
  const pathname = q < 0 ? hashless : hashless.slice(0, q);
  const query = q < 0 ? null : hashless.slice(q + 1);
  return query === null ? redactPath(pathname) : `${redactPath(pathname)}?${redactQuery(query)}`;
}
