import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { newsDraftSchema } from '@tapeline/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { until } from '../../../../test/waitFor.ts';
import {
  type FakeAnswer,
  type FakeHttp,
  listedOf,
  type RecordedRequest,
  startFakeHttp,
} from '../testing/fakeHttpServer.ts';
import { COMPANY_TICKERS, SEC_SAMPLE } from '../testing/samples.ts';
import { NOW, POLL_MS, sourceStarter } from '../testing/startSource.ts';
import { createSecSource, type SecSourceOptions } from './secSource.ts';

// The sec source against a loopback EDGAR: getcurrent Atom per form and company_tickers.json.

const UA = 'Tapeline Test admin@tapeline.test';
let fake: FakeHttp;
let dir: string;
const sources = sourceStarter();

function edgar(feed: (req: RecordedRequest) => FakeAnswer = () => ({ status: 200, body: SEC_SAMPLE })) {
  return startFakeHttp((req) => {
    if (req.path === '/files/company_tickers.json') return { status: 200, body: COMPANY_TICKERS };
    if (req.path === '/cgi-bin/browse-edgar') return feed(req);
    return { status: 404 };
  });
}

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'sec-news-'));
});
afterEach(async () => {
  await sources.stopAll();
  await fake?.close();
  await rm(dir, { recursive: true, force: true });
});

async function run(overrides: Partial<SecSourceOptions> = {}) {
  return sources.start((clock) =>
    createSecSource({
      feedUrl: `${fake.url}/cgi-bin/browse-edgar?action=getcurrent&output=atom`,
      tickersUrl: `${fake.url}/files/company_tickers.json`,
      forms: ['8-K', 'SC 13D'],
      userAgent: UA,
      cacheDir: path.join(dir, 'engine', 'news'),
      listed: listedOf('ACMB', 'XYZ'),
      ...clock,
      ...overrides,
    }),
  );
}

const feedRequests = () => fake.requests.filter((r) => r.path === '/cgi-bin/browse-edgar');

describe('sec source', () => {
  it('refuses to start without SEC_USER_AGENT, naming it', async () => {
    fake = await edgar();
    await expect(run({ userAgent: '  ' })).rejects.toThrow(/SEC_USER_AGENT/);
    expect(fake.requests).toEqual([]);
  });

  it('maps filings: form, CIK → listed ticker, subject rows, title, links, summary, accession id', async () => {
    fake = await edgar();
    const { drafts, source } = await run();
    await until('the first form polled', () => (source.stats().lastOkAt !== null ? true : undefined));
    expect(drafts).toEqual([
      {
        source: 'sec',
        sourceId: '0001234567-26-000042',
        publisher: 'SEC EDGAR',
        kind: 'filing',
        title: 'ACMB 8-K: Acme Bio Inc',
        description: 'Filed: 2026-11-20 AccNo: 0001234567-26-000042 Size: 345 KB Item 8.01: Other Events',
        url: 'https://www.sec.gov/Archives/edgar/data/1234567/000123456726000042/0001234567-26-000042-index.htm',
        imageUrl: null,
        symbols: ['ACMB'],
        bodyHtml:
          '<b>Filed:</b> 2026-11-20 <b>AccNo:</b> 0001234567-26-000042 <b>Size:</b> 345 KB<br>Item 8.01: Other Events',
        linkToFilingDetails:
          'https://www.sec.gov/Archives/edgar/data/1234567/000123456726000042/0001234567-26-000042-index.htm',
        form: '8-K',
        publishedAt: Date.parse('2026-11-20T13:02:11Z'),
        updatedAt: null,
      },
      // The fund that filed has no ticker; its subject does (XYZ-P is not listed).
      expect.objectContaining({
        sourceId: '0009999999-26-000007',
        title: 'XYZ SC 13D: XYZ Corp',
        symbols: ['XYZ'],
        form: 'SC 13D',
      }),
    ]);
    for (const d of drafts) expect(newsDraftSchema.safeParse(d).success).toBe(true);
  });

  it('asks each form on its own, staggered over the poll, with the User-Agent on every request', async () => {
    fake = await edgar();
    const { clock, drafts } = await run();
    await until('8-K asked', () => (feedRequests().length === 1 ? true : undefined));
    expect(feedRequests()[0]?.query.get('type')).toBe('8-K');
    clock.advance(POLL_MS / 2 - 1);
    expect(feedRequests()).toHaveLength(1);
    clock.advance(1);
    await until('SC 13D asked', () => (feedRequests().length === 2 ? true : undefined));
    const second = feedRequests()[1];
    expect(second?.query.get('type')).toBe('SC 13D');
    expect(second?.query.get('owner')).toBe('include');
    expect(second?.query.get('count')).toBe('100');
    expect(second?.query.get('action')).toBe('getcurrent');
    for (const r of fake.requests) expect(r.headers['user-agent']).toBe(UA);
    // The second form saw the same filings: nothing is handed over twice.
    await until('second poll done', () => (drafts.length === 2 ? true : undefined));
    clock.advance(POLL_MS);
    await until('8-K asked again', () => (feedRequests().length === 3 ? true : undefined));
    expect(fake.requests.filter((r) => r.path === '/files/company_tickers.json')).toHaveLength(1);
  });

  it('caches company_tickers.json on disk for a day', async () => {
    fake = await edgar();
    const first = await run({ forms: ['8-K'] });
    await until('first poll', () => (first.drafts.length === 2 ? true : undefined));
    const cached = JSON.parse(
      await readFile(path.join(dir, 'engine', 'news', 'company_tickers.json'), 'utf8'),
    );
    expect(cached.fetchedAt).toBe(NOW);
    await first.source.stop();
    // A restart reads the cache instead of asking SEC again.
    const second = await run({ forms: ['8-K'] });
    await until('second source polled', () => (second.source.stats().lastOkAt !== null ? true : undefined));
    expect(fake.requests.filter((r) => r.path === '/files/company_tickers.json')).toHaveLength(1);
  });

  it('drops every filing while no engine lists symbols, and delivers them once it does', async () => {
    fake = await edgar();
    let known: Set<string> | null = null;
    const { drafts, source, clock } = await run({ forms: ['8-K'], listed: { listed: async () => known } });
    await until('first poll', () => (source.stats().lastOkAt !== null ? true : undefined));
    expect(drafts).toEqual([]);
    known = new Set(['ACMB']);
    clock.advance(POLL_MS);
    await until('delivered', () => (drafts.length === 1 ? true : undefined));
    expect(drafts[0]?.symbols).toEqual(['ACMB']);
  });

  it('a 2 MB+ feed fails the poll and is retried on the backoff', async () => {
    let huge = true;
    fake = await edgar(() => (huge ? { hugeBytes: 3 * 1024 * 1024 } : { status: 200, body: SEC_SAMPLE }));
    const { source, drafts, clock } = await run({ forms: ['8-K'] });
    await until('failure', () => (source.stats().failures === 1 ? true : undefined));
    huge = false;
    clock.advance(3_750);
    await until('recovered', () => (drafts.length === 2 ? true : undefined));
  });
});
