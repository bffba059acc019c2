import { SignJWT } from 'jose';

/**
 * A fixed, deterministic corpus of malformed, oversized and hostile input for fuzz.test.ts: no
 * randomness, so a failure names a request that fails the same way every run.
 */

const LONG = 'A'.repeat(10_000);

/** Over the 1 MB body limit (BODY_LIMIT_BYTES): must be a 413, never buffered into a handler. */
export const OVERSIZED_JSON = `{"a":"${'x'.repeat(1_100_000)}"}`;

/** Values of every wrong type and shape, and strings meant to break parsers, SQL, HTML or logs. */
export const HOSTILE_VALUES: unknown[] = [
  null,
  true,
  0,
  -1,
  1e308,
  1.5,
  [],
  {},
  [[['nested']]],
  { a: { b: { c: { d: 'deep' } } } },
  '',
  ' ',
  LONG,
  'x\u0000y',
  '\u202Eevil\u202C\u200F\u2066',
  '\u0007\u001b[31m\r\ninjected: header',
  "' OR 1=1 --",
  "'; DROP TABLE users; --",
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  { $gt: '' },
  '\uD800',
  '🚀'.repeat(500),
  '1e999',
  'NaN',
  '2026-13-45T99:99:99Z',
];

/** Every field name the API reads somewhere; a hostile body sets them all at once. */
const FIELDS = [
  'email',
  'password',
  'password_confirmation',
  'current_password',
  'new_password',
  'token',
  'credential',
  'username',
  'notification',
  'terms',
  'remember',
  'symbols',
  'layout',
  'config',
  'discovery',
  'uid',
  'field',
  'value',
  'msg',
  'plan',
  'coupon',
  'code',
  'name',
  'payment_method',
  'paymentMethodId',
  'id',
  // News: GET /api/news paging, POST /api/news/extract.
  'last_id',
  'publishedAt',
  'ig_rf',
  'at_period_end',
  'registration_id',
  'endpoint',
  // Favourite quotes: POST /api/quotes, reorder and pin.
  'adds',
  'deletes',
  'quotes',
  'pin',
];

export interface FuzzBody {
  contentType: string;
  body: string;
}

const json = (body: string): FuzzBody => ({ contentType: 'application/json', body });

/** Bodies for methods that carry one. */
export function hostileBodies(): FuzzBody[] {
  const shaped = HOSTILE_VALUES.map((value) =>
    json(JSON.stringify(Object.fromEntries(FIELDS.map((field) => [field, value])))),
  );
  return [
    ...shaped,
    ...HOSTILE_VALUES.slice(0, 12).map((value) => json(JSON.stringify(value))),
    json('{"a":'),
    json('{'),
    json('[1,2'),
    json('{"a":1}}'),
    json('nul'),
    json(''),
    json('{"__proto__":{"admin":true},"constructor":{"prototype":{"admin":true}}}'),
    json(`{"config":${'['.repeat(3000)}${']'.repeat(3000)}}`),
    json('{"email":"a\\u0000@example.com","password":"x\\u0000"}'),
    { contentType: 'text/plain', body: 'hello' },
    {
      contentType: 'application/xml',
      body: '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a>&x;</a>',
    },
    { contentType: 'application/x-www-form-urlencoded', body: 'email=a%00b&password=%FF' },
    { contentType: 'multipart/form-data', body: 'no boundary at all' },
    {
      contentType: 'multipart/form-data; boundary=XX',
      body: '--XX\r\nContent-Disposition: form-data; name="username"\r\n\r\nbad\u0000name\r\n--XX--\r\n',
    },
    {
      contentType: 'multipart/form-data; boundary=XX',
      body: '--XX\r\nContent-Disposition: form-data; name="image"; filename="../../x.png"\r\nContent-Type: image/png\r\n\r\nnot a png\r\n--XX--\r\n',
    },
    { contentType: 'multipart/form-data; boundary=XX', body: '--XX\r\ntruncated' },
    { contentType: 'application/json; charset=utf-16', body: '{}' },
    { contentType: 'application/octet-stream', body: '\u0000\u0001\u0002' },
  ];
}

/** Replacements for a `:param`: traversal, NUL, bidi, SQL/HTML, overlong, bad escapes. */
export const PARAM_VALUES = [
  'x',
  '%00',
  'a%00b',
  '..%2f..%2f..%2fpackage.json',
  '..',
  '%2e%2e',
  '%252e%252e%252f',
  'A'.repeat(99),
  'A'.repeat(600),
  '%E2%80%AE%E2%80%8F',
  '%FF%FE',
  '%',
  "'%20OR%201=1--",
  '%3Cscript%3Ealert(1)%3C%2Fscript%3E',
  '-1',
  '99999999999999999999999999',
  '00000000-0000-0000-0000-000000000000',
  'null',
  '%F0%9F%9A%80',
];

/** Queries appended to every route. */
export const QUERIES = [
  '?a=%00',
  '?%00=1',
  '?limit=-1&offset=abc&since=not-a-date',
  '?x[]=1&x[a]=2&__proto__[admin]=1',
  `?q=${'A'.repeat(6000)}`,
  '?q=%E2%80%AE%0d%0aSet-Cookie:%20x=1',
  '?token=garbage&access_token=garbage',
  '?%ZZ=%ZZ',
  '?symbols=%00,AAPL&ig_rf=maybe&limit=1e9',
  '?last_id=99999999999999999999&publishedAt=2026-13-45T99:99:99Z',
  `?symbols=${'A,'.repeat(3000)}&last_id=1&publishedAt=-1`,
];

function b64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** Authorization headers that must all be a plain 401: none may pass, none may crash. */
export async function hostileAuthorizations(realUserId: string, realToken: string): Promise<string[]> {
  const now = 1_790_000_000;
  const wrongKey = await new SignJWT({ ver: 0 })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(realUserId)
    .setAudience('tapeline-api')
    .setIssuedAt(now)
    .setExpirationTime(now + 10 * 365 * 86400)
    .sign(new TextEncoder().encode('not-the-server-secret-not-the-server-secret'));
  const algNone = `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url({ sub: realUserId, ver: 0, aud: 'tapeline-api', exp: now + 1e8 })}.`;
  const [head = '', body = ''] = realToken.split('.');
  return [
    'Bearer garbage',
    'Bearer ',
    'Bearer',
    'Basic dXNlcjpwYXNz',
    `Bearer ${wrongKey}`,
    `Bearer ${algNone}`,
    `Bearer ${head}.${body}.`,
    `Bearer ${realToken}x`,
    `Bearer ${b64url({ alg: 'HS256' })}.${b64url({ sub: "' OR 1=1 --", ver: 'x' })}.sig`,
    `Bearer ${b64url({ alg: 'HS256' })}.${b64url([])}.sig`,
    `Bearer ${'A'.repeat(8000)}`,
    `bearer ${realToken} ${realToken}`,
    // Personal API keys (/api/v1): the prefix alone, a well-formed key no row holds, one with a
    // NUL-ish and SQL-ish id, and an over-long one.
    'Bearer tl_live_',
    `Bearer tl_live_${'A'.repeat(16)}_${'B'.repeat(43)}`,
    `Bearer tl_live_${"'--;%00".padEnd(16, 'x')}_${'B'.repeat(43)}`,
    `Bearer tl_live_${'A'.repeat(16)}_${'B'.repeat(4000)}`,
  ];
}
