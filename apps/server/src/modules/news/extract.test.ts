import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSubscriber } from '../../test/factories.ts';
import { until } from '../../test/waitFor.ts';
import { withApp } from '../../test/withApp.ts';
import type { ResolveAll } from '../alerts/webhooks/webhookTarget.ts';
import { extractArticleUrl } from './extract/extractArticleUrl.ts';
import { createNewsRepository } from './store/repository.ts';
import { draft, store } from './testing/drafts.ts';

// POST /api/news/extract (docs/quotes-news.md §3): the canonical URL from a publisher's page,
// fetched like a webhook. Pages come from a loopback server; names resolve through an injected
// lookup, so no query leaves the machine.

const html = (head: string) => `<!doctype html><html><head>${head}</head><body><p>Story</p></body></html>`;

let pages: Server;
let base = '';
let connections = 0;
let hanging = 0;

beforeAll(async () => {
  pages = createServer((request, response) => {
    const send = (status: number, type: string, body: string, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': type, ...headers });
      response.end(body);
    };
    switch (request.url) {
      case '/link':
        return send(
          200,
          'text/html; charset=utf-8',
          html('<link href="/canonical/a?x=1&amp;y=2" rel="Canonical">'),
        );
      case '/og':
        return send(
          200,
          'text/html',
          html(`<meta content='https://publisher.example/og-article' property="og:url">`),
        );
      case '/both':
        return send(
          200,
          'text/html',
          html(
            '<meta property="og:url" content="https://publisher.example/og"><link rel="canonical" href="/from-link">',
          ),
        );
      case '/redirect':
        return send(302, 'text/html', '', { location: '/link' });
      case '/loop':
        return send(301, 'text/html', '', { location: '/loop' });
      case '/none':
        return send(200, 'text/html', html('<title>No canonical here</title>'));
      case '/script-canonical':
        return send(200, 'text/html', html('<link rel="canonical" href="javascript:alert(1)">'));
      case '/json':
        return send(200, 'application/json', '{"canonical":"<link rel=\\"canonical\\" href=\\"/x\\">"}');
      case '/error':
        return send(500, 'text/html', html('<link rel="canonical" href="/from-error">'));
      case '/huge': {
        response.writeHead(200, { 'content-type': 'text/html' });
        response.write(`<html><head>${'<!-- filler -->'.repeat(40_000)}`);
        return response.end('<link rel="canonical" href="/too-late"></head></html>');
      }
      case '/hang':
        hanging++;
        return; // never answers
      default:
        return send(404, 'text/html', 'not found');
    }
  });
  pages.on('connection', () => {
    connections++;
  });
  await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(pages.address() as AddressInfo).port}`;
});

afterAll(async () => {
  pages.closeAllConnections();
  await new Promise((resolve) => pages.close(resolve));
});

/** Stores one article with `url` (and `source`), answering its id. */
async function articleAt(app: ReturnType<typeof withApp>, url: string | null, source: 'rss' | 'sec' = 'rss') {
  await store(app, draft({ source, url, kind: source === 'sec' ? 'filing' : 'news' }));
  const { articles } = await createNewsRepository(app.ctx.database.db).list({
    symbols: [],
    ig_rf: false,
    limit: 1,
  });
  const id = articles[0]?.id;
  if (id === undefined) throw new Error('article not stored');
  return id;
}

describe('with WEBHOOK_ALLOW_PRIVATE (loopback pages reachable)', () => {
  const app = withApp({ mail: 'outbox', env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
  let token = '';
  beforeAll(async () => {
    ({ token } = await seedSubscriber(app));
  });
  const extract = (body: unknown) =>
    app.call<{ url: string | null }>('POST', '/api/news/extract', { token, body });

  it.each([
    ['/link', '/canonical/a?x=1&y=2', '<link rel="canonical">, resolved against the page'],
    ['/og', 'https://publisher.example/og-article', '<meta property="og:url">'],
    ['/both', '/from-link', 'the link before og:url'],
    ['/redirect', '/canonical/a?x=1&y=2', 'a redirect followed to the page'],
  ])('%s → %s (%s), stored and answered again without a fetch', async (path, expected, _why) => {
    const id = await articleAt(app, `${base}${path}`);
    const want = expected.startsWith('/') ? `${base}${expected}` : expected;
    expect(await extract({ id })).toMatchObject({ status: 200, body: { url: want } });
    const before = connections;
    expect((await extract({ id })).body).toEqual({ url: want });
    expect(connections).toBe(before);
  });

  it.each([
    ['/none', 'no canonical link'],
    ['/script-canonical', 'a canonical that is not http(s)'],
    ['/json', 'an answer that is not HTML'],
    ['/error', 'a 500'],
    ['/huge', 'a canonical past the first 512 KB'],
    ['/loop', 'more than 3 redirects'],
    ['/missing', 'a 404'],
  ])('%s → the article’s own url (%s)', async (path) => {
    const id = await articleAt(app, `${base}${path}`);
    expect(await extract({ id })).toMatchObject({ status: 200, body: { url: `${base}${path}` } });
  });

  it('answers a sec url as is and null without one, fetching nothing', async () => {
    const before = connections;
    const sec = await articleAt(app, `${base}/link?filing=1`, 'sec');
    expect((await extract({ id: sec })).body).toEqual({ url: `${base}/link?filing=1` });
    const none = await articleAt(app, null);
    expect((await extract({ id: none })).body).toEqual({ url: null });
    expect(connections).toBe(before);
  });

  it('answers 404 for an unknown id and 400 for a malformed body', async () => {
    expect(await extract({ id: 999_999_999 })).toMatchObject({
      status: 404,
      body: { error: 'not_found', message: 'Article not found' },
    });
    for (const body of [{}, { id: '1' }, { id: -1 }, { id: 1.5 }, { id: null }, [1], 'x']) {
      expect((await extract(body)).status).toBe(400);
    }
  });

  it('gives up at the deadline and answers the own url (injected 200 ms)', async () => {
    const id = await articleAt(app, `${base}/hang`);
    const news = createNewsRepository(app.ctx.database.db);
    const answering = extractArticleUrl({ news, clock: app.clock, allowPrivate: true, timeoutMs: 200 }, id);
    await until('the page holds the request', () => (hanging > 0 ? true : undefined));
    app.clock.advance(200);
    const answer = await answering;
    expect(answer).toEqual({ url: `${base}/hang` });
  });

  it('resolves a name at connect time through the injected lookup', async () => {
    const port = (pages.address() as AddressInfo).port;
    const id = await articleAt(app, `http://pages.example:${port}/og`);
    const resolve: ResolveAll = async () => [{ address: '127.0.0.1', family: 4 }];
    const news = createNewsRepository(app.ctx.database.db);
    expect(await extractArticleUrl({ news, clock: app.clock, allowPrivate: true, resolve }, id)).toEqual({
      url: 'https://publisher.example/og-article',
    });
  });
});

describe('without WEBHOOK_ALLOW_PRIVATE', () => {
  const app = withApp({ mail: 'outbox' });
  let token = '';
  beforeAll(async () => {
    ({ token } = await seedSubscriber(app));
  });

  it('refuses a loopback page without connecting and answers the own url', async () => {
    const id = await articleAt(app, `${base}/link`);
    const before = connections;
    expect(await app.call('POST', '/api/news/extract', { token, body: { id } })).toMatchObject({
      status: 200,
      body: { url: `${base}/link` },
    });
    expect(connections).toBe(before);
  });

  it('refuses a public-looking name that resolves to loopback, at connect time', async () => {
    const port = (pages.address() as AddressInfo).port;
    const id = await articleAt(app, `http://rebind.example:${port}/link`);
    const resolve: ResolveAll = async () => [{ address: '127.0.0.1', family: 4 }];
    const news = createNewsRepository(app.ctx.database.db);
    const before = connections;
    expect(await extractArticleUrl({ news, clock: app.clock, allowPrivate: false, resolve }, id)).toEqual({
      url: `http://rebind.example:${port}/link`,
    });
    expect(connections).toBe(before);
  });
});
