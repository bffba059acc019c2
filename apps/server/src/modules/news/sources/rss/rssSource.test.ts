import { newsDraftSchema } from '@tapeline/core';
import { afterEach, describe, expect, it } from 'vitest';
import { until } from '../../../../test/waitFor.ts';
import { type FakeHttp, listedOf, startFakeHttp } from '../testing/fakeHttpServer.ts';
import { pollWatcher } from '../testing/pollDriver.ts';
import { ATOM_SAMPLE, DOCTYPE_BOMB, RSS_SAMPLE } from '../testing/samples.ts';
import { NOW, POLL_MS, sourceStarter } from '../testing/startSource.ts';
import { createRssSource } from './rssSource.ts';

// The rss source against a loopback feed server serving the design's samples, on a manual clock.

const listed = listedOf('ACMB', 'XYZ', 'ABC', 'ABCD', 'AI');
let fakes: FakeHttp[] = [];
const sources = sourceStarter();

afterEach(async () => {
  await sources.stopAll();
  for (const f of fakes) await f.close();
  fakes = [];
});

async function run(feeds: string[]) {
  const started = await sources.start((clock) => createRssSource({ feeds, listed, ...clock }));
  // The watcher reads the source's counters only when asked, so it may begin after start().
  return { ...started, watch: pollWatcher(started.source) };
}

describe('rss source', () => {
  it('maps an RSS 2.0 item: guid, link, pubDate, categories, cashtags, pairs, image, publisher', async () => {
    const fake = await startFakeHttp(() => ({
      status: 200,
      body: RSS_SAMPLE,
      headers: { 'content-type': 'application/rss+xml' },
    }));
    fakes.push(fake);
    const { drafts, watch } = await run([`${fake.url}/feed.xml`]);
    await watch.settled(1);
    const [acme, xyz] = drafts;
    expect(acme).toEqual({
      source: 'rss',
      sourceId: 'ew-1001',
      publisher: 'Example Wire',
      kind: 'news',
      title: 'Acme Bio Receives FDA Fast Track (NASDAQ: ACMB)',
      description: 'Acme Bio ($ACMB) said…',
      url: 'https://wire.example.com/acme?utm_source=rss',
      imageUrl: 'https://wire.example.com/acme.jpg',
      symbols: ['ACMB'],
      bodyHtml: '<p>Acme Bio ($ACMB) said…</p>',
      linkToFilingDetails: null,
      form: null,
      publishedAt: Date.parse('2026-11-20T13:05:00Z'),
      updatedAt: null,
    });
    // guid is a link here; the bare category counts for its "ticker" domain; $NOPE is unlisted;
    // content:encoded is the body and its pair counts; an unparseable date is the time received.
    expect(xyz).toMatchObject({
      sourceId: 'https://wire.example.com/xyz',
      title: 'Partner & Co expands (NYSE: XYZ) with $NOPE',
      description: 'Plain text summary.',
      symbols: ['ABC', 'XYZ', 'ABCD'],
      bodyHtml: '<p>Full story about <b>XYZ</b> (OTCQB: ABCD).</p>',
      imageUrl: 'https://wire.example.com/xyz-thumb.png',
      publishedAt: NOW,
    });
    expect(drafts).toHaveLength(2);
    for (const d of drafts) expect(newsDraftSchema.safeParse(d).success).toBe(true);
    expect(fake.requests[0]?.headers['user-agent']).toBe('Tapeline news reader');
  });

  it('maps an Atom entry: id, alternate link, published, summary, content, category terms', async () => {
    const fake = await startFakeHttp(() => ({ status: 200, body: ATOM_SAMPLE }));
    fakes.push(fake);
    const { drafts, watch } = await run([`${fake.url}/atom`]);
    await watch.settled(1);
    expect(drafts[0]).toMatchObject({
      sourceId: 'urn:example:ew-2001',
      publisher: 'Example Wire Atom',
      url: 'https://wire.example.com/acme-atom',
      description: 'Acme Bio ($ACMB) said…',
      bodyHtml: '<p>Acme Bio (NASDAQ: ACMB) said more.</p>',
      symbols: ['XYZ', 'ACMB'],
      publishedAt: Date.parse('2026-11-20T13:05:00Z'),
    });
    // No rel: alternate by default; a date far ahead is now; "AI" under a topics scheme is a word.
    expect(drafts[1]).toMatchObject({ url: 'https://wire.example.com/later', publishedAt: NOW, symbols: [] });
  });

  it('polls every interval with a conditional GET and hands each item over once', async () => {
    const fake = await startFakeHttp((req) =>
      req.headers['if-none-match'] === '"v1"'
        ? { status: 304 }
        : {
            status: 200,
            body: RSS_SAMPLE,
            headers: { etag: '"v1"', 'last-modified': 'Fri, 20 Nov 2026 13:06:00 GMT' },
          },
    );
    fakes.push(fake);
    const { source, drafts, clock, watch } = await run([`${fake.url}/feed.xml`]);
    await watch.settled(1);
    clock.advance(POLL_MS - 1);
    expect(fake.requests).toHaveLength(1);
    clock.advance(1);
    await watch.settled(2);
    clock.advance(POLL_MS);
    await watch.settled(3);
    expect(fake.requests[0]?.headers['if-none-match']).toBeUndefined();
    expect(fake.requests[1]?.headers['if-none-match']).toBe('"v1"');
    expect(fake.requests[1]?.headers['if-modified-since']).toBe('Fri, 20 Nov 2026 13:06:00 GMT');
    expect(drafts).toHaveLength(2);
    expect(source.stats()).toMatchObject({ received: 2, failures: 0, lastOkAt: NOW + 2 * POLL_MS });
  });

  it('refuses a DOCTYPE before parsing, backs off 5 s doubling, and the other feed keeps delivering', async () => {
    const bad = await startFakeHttp(() => ({ status: 200, body: DOCTYPE_BOMB }));
    const good = await startFakeHttp(() => ({ status: 200, body: RSS_SAMPLE }));
    fakes.push(bad, good);
    const { source, drafts, clock } = await run([`${bad.url}/bomb`, `${good.url}/feed`]);
    await until('first failure and good poll', () =>
      source.stats().failures === 1 && drafts.length === 2 ? true : undefined,
    );
    // random 0.5 → equal jitter: 3.75 s, then 7.5 s.
    clock.advance(3_749);
    expect(bad.requests).toHaveLength(1);
    clock.advance(1);
    await until('second failure', () => (source.stats().failures === 2 ? true : undefined));
    clock.advance(7_500);
    await until('third failure', () => (source.stats().failures === 3 ? true : undefined));
    expect(bad.requests).toHaveLength(3);
    expect(drafts.map((d) => d.sourceId)).toEqual(['ew-1001', 'https://wire.example.com/xyz']);
  });

  it('a hung feed ends at the poll deadline and stop() aborts a request in flight', async () => {
    const fake = await startFakeHttp(() => 'hang');
    fakes.push(fake);
    const { source, drafts, clock } = await run([`${fake.url}/feed`]);
    await until('the request', () => (fake.requests.length === 1 ? true : undefined));
    clock.advance(15_000);
    await until('the deadline failure', () => (source.stats().failures === 1 ? true : undefined));
    clock.advance(3_750);
    await until('the retry', () => (fake.requests.length === 2 ? true : undefined));
    await source.stop();
    expect(drafts).toEqual([]);
    expect(source.stats().failures).toBe(1);
  });
});
