import type { NewsAnswer } from '@tapeline/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { newsSymbols } from '../../platform/db/schema.ts';
import { seedSubscriber } from '../../test/factories.ts';
import { withApp } from '../../test/withApp.ts';
import { sweepNews } from './newsModule.ts';
import { createNewsRepository } from './store/repository.ts';
import { draft, store, T0 } from './testing/drafts.ts';

// The news store through GET /api/news (docs/quotes-news.md §3 "Store", GET /api/news): dedupe,
// filters, keyset pages, total, bad queries, retention. Each test tags its own symbols, so the
// shared database of this file never mixes their articles.

const app = withApp({ mail: 'outbox' });
let token = '';
beforeAll(async () => {
  ({ token } = await seedSubscriber(app));
});

const news = (query: string) => app.call<NewsAnswer>('GET', `/api/news${query}`, { token });
const titles = (answer: NewsAnswer) => answer.articles.map((a) => a.title);
const DAY = 86_400_000;

describe('dedupe', () => {
  it('stores an item once per (source, source id)', async () => {
    const first = draft({ symbols: ['DUPA'] });
    expect(await store(app, first, { ...first, title: 'The same item again, from a reconnect' })).toEqual([
      'inserted',
      'duplicate',
    ]);
    // Another source may use the same id for another article.
    expect(
      await store(app, draft({ source: 'massive', sourceId: first.sourceId, symbols: ['DUPA'] })),
    ).toEqual(['inserted']);
    expect((await news('?symbols=DUPA')).body.total).toBe(2);
  });

  it('meets copies of one URL, tracking parameters, www, case, port, fragment and slash aside', async () => {
    const url = 'https://wire.example.com/acme/fast-track?b=2&a=1';
    expect(await store(app, draft({ source: 'alpaca', url, symbols: ['DUPB'] }))).toEqual(['inserted']);
    const copies = [
      'http://www.WIRE.example.com:80/acme/fast-track/?a=1&utm_source=rss&b=2#top',
      'https://wire.example.com:443/acme/fast-track?a=1&b=2&fbclid=x&gclid=y&mc_cid=z&ref=home',
      'https://Wire.Example.com/acme/fast-track/?UTM_Medium=email&b=2&a=1&ocid=1&ncid=2&cmpid=3&dclid=4&mc_eid=5',
    ];
    for (const copy of copies) {
      expect(await store(app, draft({ source: 'massive', url: copy, symbols: ['DUPB'] }))).toEqual([
        'duplicate',
      ]);
    }
    // A parameter that says what the page is, or another port, is another page.
    expect(
      await store(
        app,
        draft({ url: 'https://wire.example.com/acme/fast-track?a=1&b=3', symbols: ['DUPB'] }),
        draft({ url: 'https://wire.example.com:8443/acme/fast-track?a=1&b=2', symbols: ['DUPB'] }),
      ),
    ).toEqual(['inserted', 'inserted']);
  });

  it('meets wire copies by title and UTC day, for rss, alpaca and massive titles of five words or more', async () => {
    const title = 'Acme Bio Receives FDA Fast-Track Designation';
    expect(await store(app, draft({ source: 'alpaca', title, symbols: ['DUPC'] }))).toEqual(['inserted']);
    expect(
      await store(
        app,
        draft({
          source: 'massive',
          title: '  acme bio receives FDA fast track designation!',
          symbols: ['DUPC'],
        }),
        draft({
          source: 'rss',
          title: 'Ａｃｍｅ Bio Receives FDA Fast Track Designation',
          symbols: ['DUPC'],
        }),
      ),
    ).toEqual(['duplicate', 'duplicate']);
    expect(
      await store(
        app,
        // The next UTC day is another story; so is a short title, and a filing's.
        draft({ title, publishedAt: T0 + DAY, symbols: ['DUPC'] }),
        draft({ title: 'Stocks to watch today', symbols: ['DUPC'] }),
        draft({ title: 'Stocks to watch today', symbols: ['DUPC'] }),
        draft({
          source: 'sec',
          kind: 'filing',
          title: 'DUPC 8-K: Dup C Holdings Corp Annual',
          symbols: ['DUPC'],
        }),
        draft({
          source: 'sec',
          kind: 'filing',
          title: 'DUPC 8-K: Dup C Holdings Corp Annual',
          symbols: ['DUPC'],
        }),
      ),
    ).toEqual(['inserted', 'inserted', 'inserted', 'inserted', 'inserted']);
  });

  it('rewrites an Alpaca item with a later updated_at in place, and ignores an older one', async () => {
    const original = draft({ source: 'alpaca', sourceId: '24918784', updatedAt: T0, symbols: ['UPDA'] });
    expect(await store(app, original)).toEqual(['inserted']);
    const [stored] = (await news('?symbols=UPDA')).body.articles;
    expect(
      await store(app, {
        ...original,
        title: 'Acme Bio Receives FDA Fast Track (Updated)',
        description: 'Now with detail.',
        bodyHtml: '<p>Updated body</p>',
        updatedAt: T0 + 60_000,
      }),
    ).toEqual(['updated']);
    expect(
      await store(app, { ...original, title: 'An older revision of the story', updatedAt: T0 - 1 }),
    ).toEqual(['duplicate']);
    const answer = (await news('?symbols=UPDA')).body;
    expect(answer.total).toBe(1);
    expect(answer.articles[0]).toMatchObject({
      id: stored?.id,
      title: 'Acme Bio Receives FDA Fast Track (Updated)',
      description: 'Now with detail.',
      details: { details: '<p>Updated body</p>', description: 'Now with detail.' },
    });
  });
});

describe('GET /api/news', () => {
  it('answers the article shape, sanitized, newest first', async () => {
    await store(
      app,
      draft({
        source: 'alpaca',
        publisher: 'Benzinga',
        title: 'Acme <b>Bio</b> &amp; Partners Sign a Supply Deal',
        description: '<p>Acme Bio ($SHPA) said…</p><script>x</script>',
        bodyHtml: '<p onclick="x()">Body <a href="javascript:alert(1)">link</a></p><img src="x">',
        url: 'https://www.benzinga.com/news/1',
        imageUrl: 'https://cdn.example.com/thumb.jpg',
        symbols: ['shpa', 'SHPA', 'TEST', 'NOT A SYMBOL', 'SHPB'],
        publishedAt: T0 + 5_000,
      }),
      draft({
        source: 'sec',
        publisher: 'SEC EDGAR',
        kind: 'filing',
        title: 'SHPA 8-K: Shape A Inc',
        url: 'https://www.sec.gov/Archives/edgar/data/1/000-index.htm',
        linkToFilingDetails: 'https://www.sec.gov/Archives/edgar/data/1/000-index.htm',
        form: '8-K',
        symbols: ['SHPA'],
        bodyHtml: null,
      }),
    );
    const { status, body } = await news('?symbols=SHPA');
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.total).toBe(2);
    expect(body.articles[0]).toEqual({
      id: expect.any(Number),
      title: 'Acme Bio & Partners Sign a Supply Deal',
      description: 'Acme Bio ($SHPA) said…',
      url: 'https://www.benzinga.com/news/1',
      imageUrl: 'https://cdn.example.com/thumb.jpg',
      symbols: ['SHPA', 'SHPB'],
      publishedAt: new Date(T0 + 5_000).toISOString(),
      kind: 'news',
      source: { id: 'alpaca', name: 'Benzinga' },
      details: {
        details: '<p>Body <a rel="noopener noreferrer nofollow" target="_blank">link</a></p>',
        description: 'Acme Bio ($SHPA) said…',
        linkToFilingDetails: null,
      },
    });
    expect(body.articles[1]).toMatchObject({
      kind: 'filing',
      source: { id: 'sec', name: 'SEC EDGAR' },
      details: {
        details: null,
        linkToFilingDetails: 'https://www.sec.gov/Archives/edgar/data/1/000-index.htm',
      },
    });
  });

  it('leaves filings out with ig_rf=1 or true, and keeps them by default', async () => {
    await store(
      app,
      draft({ title: 'A story about the company today', symbols: ['RFA'] }),
      draft({ source: 'sec', kind: 'filing', title: 'RFA 10-Q: Rf A Inc', symbols: ['RFA'] }),
    );
    expect((await news('?symbols=RFA')).body.total).toBe(2);
    expect((await news('?symbols=RFA&ig_rf=0')).body.total).toBe(2);
    for (const flag of ['1', 'true']) {
      const { body } = await news(`?symbols=RFA&ig_rf=${flag}`);
      expect(body.total).toBe(1);
      expect(body.articles.map((a) => a.kind)).toEqual(['news']);
    }
  });

  it('filters by one symbol or a favourites list, upper-cased, through news_symbols', async () => {
    await store(
      app,
      draft({ title: 'Only FLA is named in this story', symbols: ['FLA'], publishedAt: T0 + 3 }),
      draft({ title: 'FLB and FLC are named in this story', symbols: ['FLB', 'FLC'], publishedAt: T0 + 2 }),
      draft({ title: 'Nobody we follow is named here', symbols: ['FLD'], publishedAt: T0 + 1 }),
      draft({ title: 'No symbol at all in this story', symbols: [], publishedAt: T0 + 4 }),
    );
    expect(titles((await news('?symbols=fla')).body)).toEqual(['Only FLA is named in this story']);
    const fav = (await news('?symbols=FLA,FLC,ZZZZ')).body;
    expect(titles(fav)).toEqual(['Only FLA is named in this story', 'FLB and FLC are named in this story']);
    expect(fav.total).toBe(2);
    // No symbols: every article.
    const all = (await news('?limit=50')).body;
    expect(all.total).toBeGreaterThanOrEqual(4);
    expect(titles(all)).toContain('No symbol at all in this story');
  });

  it('pages by (publishedAt, last_id) across equal times without losing or repeating one', async () => {
    const same = T0 + 10 * DAY;
    await store(
      app,
      ...Array.from({ length: 7 }, (_, i) =>
        draft({ title: `Equal time story number ${i} of seven`, symbols: ['PAGE'], publishedAt: same }),
      ),
      draft({ title: 'The one older story in this set', symbols: ['PAGE'], publishedAt: same - 1 }),
    );
    const seen: number[] = [];
    let query = '?symbols=PAGE&limit=3';
    for (let page = 0; page < 5; page++) {
      const { status, body } = await news(query);
      expect(status).toBe(200);
      expect(body.total).toBe(8);
      if (body.articles.length === 0) break;
      seen.push(...body.articles.map((a) => a.id));
      const last = body.articles.at(-1);
      if (!last) break;
      // Either form of publishedAt: the ISO string the API answers, or epoch ms.
      const at = page % 2 === 0 ? encodeURIComponent(last.publishedAt) : String(Date.parse(last.publishedAt));
      query = `?symbols=PAGE&limit=3&last_id=${last.id}&publishedAt=${at}`;
    }
    expect(seen).toHaveLength(8);
    expect(new Set(seen).size).toBe(8);
    const equal = seen.slice(0, 7);
    expect(equal).toEqual([...equal].sort((a, b) => b - a));
  });

  it('defaults to 30 a page and counts total over every page', async () => {
    await store(
      app,
      ...Array.from({ length: 33 }, (_, i) =>
        draft({ title: `Bulk story number ${i} for totals`, symbols: ['TOTL'] }),
      ),
    );
    const { body } = await news('?symbols=TOTL');
    expect(body.articles).toHaveLength(30);
    expect(body.total).toBe(33);
    expect((await news('?symbols=TOTL&limit=50')).body.articles).toHaveLength(33);
  });

  it.each([
    ['?last_id=812', 'last_id and publishedAt go together'],
    ['?publishedAt=2026-11-20T14:31:05.000Z', 'last_id and publishedAt go together'],
    ['?last_id=0&publishedAt=1', null],
    ['?last_id=abc&publishedAt=1', null],
    ['?last_id=1&publishedAt=yesterday', null],
    ['?limit=0', null],
    ['?limit=51', null],
    ['?limit=1.5', null],
    ['?ig_rf=2', null],
    ['?ig_rf=yes', null],
    ['?symbols=AB$C', 'Symbol AB$C is invalid'],
    ['?symbols=TEST', 'Symbol TEST is invalid'],
    [
      `?symbols=${Array.from({ length: 101 }, (_, i) => `S${String.fromCharCode(65 + (i % 26))}${i}`).join(',')}`,
      null,
    ],
    ['?symbols=A&symbols=B', null],
  ])('refuses %s with 400 invalid_query', async (query, message) => {
    const { status, body } = await app.call<{ error: string; message: string }>('GET', `/api/news${query}`, {
      token,
    });
    expect(status).toBe(400);
    expect(body.error).toBe('invalid_query');
    if (message) expect(body.message).toBe(message);
  });
});

describe('retention', () => {
  it('deletes articles published before NEWS_RETENTION_DAYS, with their symbol rows', async () => {
    const repo = createNewsRepository(app.ctx.database.db);
    const now = app.clock.now();
    await store(
      app,
      draft({
        title: 'Old enough to be deleted by retention',
        symbols: ['RETN'],
        publishedAt: now - 31 * DAY,
      }),
      draft({
        title: 'Recent enough to be kept by retention',
        symbols: ['RETN'],
        publishedAt: now - 29 * DAY,
      }),
    );
    expect(app.ctx.config.news.retentionDays).toBe(30);
    expect(
      await sweepNews(repo, new Date(app.clock.now()), app.ctx.config.news.retentionDays),
    ).toBeGreaterThanOrEqual(1);
    expect(titles((await news('?symbols=RETN')).body)).toEqual(['Recent enough to be kept by retention']);
    const rows = await app.ctx.database.db.select().from(newsSymbols);
    expect(rows.filter((r) => r.symbol === 'RETN')).toHaveLength(1);
  });
});
