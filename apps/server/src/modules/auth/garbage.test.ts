import { beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from '../../app.ts';
import { type SeededUser, seedUser, uniqueEmail } from '../../test/factories.ts';
import { countUsers, login, me } from '../../test/helpers.ts';
import type { ApiAnswer } from '../../test/testApp.ts';
import { withApp } from '../../test/withApp.ts';

interface Endpoint {
  name: string;
  method: 'POST' | 'PUT';
  path: string;
  /** A well-formed body; each case below breaks it in one way. */
  valid: () => Record<string, string>;
  authenticated?: boolean;
}

const endpoints: Endpoint[] = [
  { name: 'signup', method: 'POST', path: '/api/auth/signup', valid: () => credentials() },
  {
    name: 'register',
    method: 'POST',
    path: '/api/auth/register',
    valid: () => ({ ...credentials(), username: 'tape_reader' }),
  },
  { name: 'login', method: 'POST', path: '/api/auth/login', valid: () => credentials() },
  { name: 'google', method: 'POST', path: '/api/auth/google', valid: () => ({ id_token: 'x.y.z' }) },
  { name: 'resend', method: 'POST', path: '/api/auth/verify_email', valid: () => ({ email: uniqueEmail() }) },
  {
    name: 'forgot',
    method: 'POST',
    path: '/api/auth/forgot_password',
    valid: () => ({ email: uniqueEmail() }),
  },
  {
    name: 'reset',
    method: 'POST',
    path: '/api/auth/reset_password',
    valid: () => ({ password: 'hunter2hunter2', token: 'no-such-token' }),
  },
  {
    name: 'account',
    method: 'PUT',
    path: '/api/auth/user',
    valid: () => ({ email: uniqueEmail(), password: 'hunter2hunter2' }),
    authenticated: true,
  },
];

function credentials() {
  return { email: uniqueEmail('garbage'), password: 'hunter2hunter2' };
}

/** Whole bodies that are not the object a route expects: [label, raw body, content type]. */
const rawBodies: [string, string, string][] = [
  ['malformed JSON', '{bad', 'application/json'],
  ['an empty JSON body', '', 'application/json'],
  ['a JSON array', '[{"email":"a@example.com"}]', 'application/json'],
  ['a JSON number', '42', 'application/json'],
  ['JSON true', 'true', 'application/json'],
  ['a JSON string', '"email=a@example.com"', 'application/json'],
  [
    'a prototype-poisoning object',
    '{"__proto__":{"role":"admin"},"email":"a@example.com"}',
    'application/json',
  ],
  ['deeply nested arrays', `${'['.repeat(50_000)}${']'.repeat(50_000)}`, 'application/json'],
  ['JSON sent as text/plain', '{"email":"a@example.com","password":"hunter2hunter2"}', 'text/plain'],
  ['a form post', 'email=a%40example.com&password=hunter2hunter2', 'application/x-www-form-urlencoded'],
  ['XML', '<email>a@example.com</email>', 'application/xml'],
];

/** Values that must never be accepted in any field. */
const badValues: [string, unknown][] = [
  ['a nested object', { $ne: null }],
  ['an array', ['a@example.com']],
  ['a number', 12345],
  ['a boolean', true],
  ['null', null],
  ['a 10 kB string', 'x'.repeat(10_000)],
  ['a 10 kB address', `${'a'.repeat(10_000)}@example.com`],
  ['a NUL character', 'nul\u0000byte@example.com'],
];

const app = withApp({ mail: 'outbox' });
let account: SeededUser;
let usersBefore: number;
beforeAll(async () => {
  account = await seedUser(app);
  usersBefore = await countUsers(app);
});

/** A refusal as the API contract promises: a 4xx with `{error, message?}` and nothing else. */
function expectRefusal(res: ApiAnswer<unknown>, label: string): void {
  expect(res.status, `${label}: status`).toBeGreaterThanOrEqual(400);
  expect(res.status, `${label}: status`).toBeLessThan(500);
  expect(res.headers.get('content-type'), `${label}: content type`).toMatch(/^application\/json/);
  const body = res.body as Record<string, unknown>;
  expect(typeof body.error, `${label}: error`).toBe('string');
  expect(
    Object.keys(body).every((k) => k === 'error' || k === 'message'),
    `${label}: keys`,
  ).toBe(true);
  if ('message' in body) expect(typeof body.message, `${label}: message`).toBe('string');
}

function send(endpoint: Endpoint, body: unknown, contentType = 'application/json') {
  return app.call(endpoint.method, endpoint.path, {
    body,
    headers: { 'content-type': contentType },
    token: endpoint.authenticated ? account.token : undefined,
  });
}

describe.each(endpoints)('$method $path refuses garbage', (endpoint) => {
  it('refuses bodies that are not the expected object', async () => {
    for (const [label, raw, type] of rawBodies) {
      expectRefusal(await send(endpoint, raw, type), label);
    }
  });

  it('treats JSON null as no fields at all', async () => {
    const res = await send(endpoint, 'null');
    if (endpoint.authenticated) {
      // PUT /api/auth/user with no fields changes nothing and says so.
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: true, user: { email: account.email } });
    } else {
      expectRefusal(res, 'null');
    }
  });

  it('refuses a wrong value in any one field', async () => {
    for (const field of Object.keys(endpoint.valid())) {
      for (const [label, value] of badValues) {
        const body = endpoint.authenticated ? { [field]: value } : { ...endpoint.valid(), [field]: value };
        expectRefusal(await send(endpoint, body), `${field} as ${label}`);
      }
    }
  });

  it('answers payload_too_large for a body over 1 MB', async () => {
    const body = { ...endpoint.valid(), email: 'x'.repeat(BODY_LIMIT_BYTES) };
    const res = await send(endpoint, body);
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ error: 'payload_too_large', message: expect.any(String) });
  });
});

describe('GET /api/auth/verify_email/:token with odd tokens', () => {
  it.each([
    ['NUL', '%00'],
    ['a lone percent sign', '%'],
    ['a bad escape', '%zz'],
    ['an invalid UTF-8 byte', '%FF'],
    ['an overlong UTF-8 slash', '%C0%AF'],
    ['a right-to-left override', '%E2%80%AE'],
    ['a space', '%20'],
    ['a path traversal', '..%2F..%2Fetc%2Fpasswd'],
    ['markup', encodeURIComponent('<script>alert(1)</script>')],
    ['150 characters', 'x'.repeat(150)],
    ['5000 characters', 'x'.repeat(5000)],
  ])('%s goes to the invalid-link page or is refused as JSON', async (label, token) => {
    const res = await app.call('GET', `/api/auth/verify_email/${token}`);
    if (res.status === 302) {
      expect(res.headers.get('location')).toBe('/verify?_t=invalid');
    } else {
      expectRefusal(res, label);
    }
  });
});

describe('after all of it', () => {
  it('created no user and left the account as it was', async () => {
    expect(await countUsers(app)).toBe(usersBefore);
    expect((await me(app, account.token)).body).toMatchObject({
      user: { id: account.user.id, email: account.email },
    });
    expect((await login(app, account.email, account.password)).status).toBe(200);
  });
});
