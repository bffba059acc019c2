import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withApp } from '../../../test/withApp.ts';

// The service worker, manifest and icons as the built app carries them (Vite copies
// apps/web/public into dist as is): served by the server with types a browser accepts, under a
// CSP that lets the page register the worker and read the manifest.

const PUBLIC = path.join(import.meta.dirname, '../../../../../web/public');

let dist: string;
beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'tapeline-pwa-'));
  await cp(PUBLIC, dist, { recursive: true });
  await writeFile(path.join(dist, 'index.html'), await readFile(path.join(PUBLIC, '../index.html')));
});
afterAll(async () => {
  await rm(dist, { recursive: true, force: true });
});
const app = withApp(() => ({ mail: 'outbox', env: { WEB_DIST: dist } }));

async function get(url: string) {
  const res = await fetch(`${app.baseUrl}${url}`);
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}

/** The CSP's sources for the first of `directives` it sets, else default-src (as browsers fall back). */
function sources(csp: string, ...directives: string[]): string[] {
  const parts = new Map(
    csp.split(';').map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/);
      return [name, values] as const;
    }),
  );
  const set = directives.find((d) => parts.has(d));
  return (set ? parts.get(set) : parts.get('default-src')) ?? [];
}

describe('the installable app', () => {
  it('links the manifest from the page', async () => {
    const page = (await get('/dashboard')).body.toString();
    expect(page).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
  });

  it('serves the service worker as same-origin JavaScript the CSP lets the page register', async () => {
    const res = await get('/sw.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^(application|text)\/javascript/);
    expect(res.body.equals(await readFile(path.join(PUBLIC, 'sw.js')))).toBe(true);
    // Registration checks worker-src, falling back to script-src, then default-src.
    const csp = (await get('/dashboard')).headers.get('content-security-policy') ?? '';
    expect(sources(csp, 'worker-src', 'script-src')).toContain("'self'");
    // The worker's own calls (none but the page's API) stay same-origin; it caches nothing.
    const worker = res.body.toString();
    expect(worker).not.toMatch(/caches\.|addEventListener\('fetch'/);
    // Revalidated on every update check, so a fixed worker reaches browsers at once.
    expect(res.headers.get('cache-control')).toMatch(/max-age=0|no-cache/);
  });

  it('serves a manifest a browser can install from, with its icons', async () => {
    const res = await get('/manifest.webmanifest');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    const csp = (await get('/dashboard')).headers.get('content-security-policy') ?? '';
    expect(sources(csp, 'manifest-src')).toContain("'self'");
    const manifest = JSON.parse(res.body.toString()) as {
      name: string;
      start_url: string;
      display: string;
      icons: { src: string; sizes: string; type: string }[];
    };
    expect(manifest).toMatchObject({ name: 'Tapeline', start_url: '/dashboard', display: 'standalone' });
    expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    for (const icon of manifest.icons) {
      const png = await get(icon.src);
      expect(png.status).toBe(200);
      expect(png.headers.get('content-type')).toBe('image/png');
      // The PNG's own IHDR size is the size the manifest declares.
      const [width, height] = icon.sizes.split('x').map(Number);
      expect([png.body.readUInt32BE(16), png.body.readUInt32BE(20)]).toEqual([width, height]);
    }
  });
});
