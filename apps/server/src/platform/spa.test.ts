import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withApp } from '../test/withApp.ts';

const INDEX = '<!doctype html><title>Tapeline</title><div id="root"></div>';
const SCRIPT = 'console.log("tapeline");';

let dist: string;
beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'tapeline-web-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), INDEX);
  await writeFile(path.join(dist, 'assets', 'app.js'), SCRIPT);
});
afterAll(async () => {
  await rm(dist, { recursive: true, force: true });
});
// Started once the build above exists (hooks run in order), closed before it is removed.
const app = withApp(() => ({ mail: 'outbox', env: { WEB_DIST: dist } }));

async function get(url: string, accept = '*/*') {
  const res = await fetch(`${app.baseUrl}${url}`, { redirect: 'manual', headers: { accept } });
  return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() };
}

describe('the web app', () => {
  it.each(['/', '/dashboard', '/login', '/reset-password?token=abc', '/verify?_t=invalid', '/a/deep/route'])(
    'answers %s with index.html so the client routes it',
    async (url) => {
      const res = await get(url);
      expect(res.status).toBe(200);
      expect(res.type).toMatch(/^text\/html/);
      expect(res.text).toBe(INDEX);
    },
  );

  it.each(['/', '/dashboard', '/assets/app.js'])('answers HEAD %s as GET, without a body', async (url) => {
    const head = await fetch(`${app.baseUrl}${url}`, { method: 'HEAD', redirect: 'manual' });
    const got = await get(url);
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe(got.type);
    expect(await head.text()).toBe('');
  });

  it('serves built assets as files', async () => {
    const res = await get('/assets/app.js');
    expect(res.status).toBe(200);
    expect(res.type).toMatch(/javascript/);
    expect(res.text).toBe(SCRIPT);
  });

  it.each(['/api/nope', '/api/auth/nothing', '/api', '/api?x=1', '/data/x'])(
    'keeps %s a JSON 404',
    async (url) => {
      const res = await get(url);
      expect(res.status).toBe(404);
      expect(res.type).toMatch(/^application\/json/);
      expect(JSON.parse(res.text)).toMatchObject({ error: 'not_found' });
    },
  );

  it('answers a navigation to a client route with a dot with the page', async () => {
    const res = await get('/stock/BRK.B', 'text/html,application/xhtml+xml,*/*;q=0.8');
    expect(res.status).toBe(200);
    expect(res.text).toBe(INDEX);
  });

  it('keeps a missing asset a 404 instead of answering HTML for a script', async () => {
    const res = await get('/assets/app-old.js');
    expect(res.status).toBe(404);
    expect(res.type).toMatch(/^application\/json/);
  });

  it('answers a POST to an unknown path with a JSON 404, not the page', async () => {
    const res = await app.call('POST', '/dashboard', { body: {} });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: 'not_found' });
  });

  it('does not serve files outside the build', async () => {
    const res = await get('/assets/..%2F..%2Fpackage.json');
    expect(res.text).not.toContain('"name"');
    expect(res.status).toBeLessThan(500);
  });
});
