import { newsDraftSchema } from '@tapeline/core';
import { afterEach, describe, expect, it } from 'vitest';
import { until } from '../../../../test/waitFor.ts';
import {
  type FakeAnswer,
  type FakeHttp,
  listedOf,
  type RecordedRequest,
  startFakeHttp,
} from '../testing/fakeHttpServer.ts';
import { massiveItem } from '../testing/samples.ts';
import { NOW, POLL_MS, sourceStarter } from '../testing/startSource.ts';
import { createMassiveSource } from './massiveSource.ts';

// The massive source against a loopback /v2/reference/news: Bearer key, next_url paging, cursor.

let fake: FakeHttp;
const sources = sourceStarter();

afterEach(async () => {
  await sources.stopAll();
  await fake?.close();
});

const page = (results: unknown[], next: string | null) => ({
  status: 200,
  body: JSON.stringify({ status: 'OK', request_id: 'r1', count: results.length, next_url: next, results }),
});

async function run(answer: (req: RecordedRequest) => FakeAnswer) {
  fake = await startFakeHttp(answer);
  return sources.start((clock) =>
    createMassiveSource({
      apiKey: 'k-123',
      url: `${fake.url}/v2/reference/news`,
      listed: listedOf('ACMB'),
      ...clock,
    }),
  );
}

describe('massive source', () => {
  it('maps results, follows next_url with the Bearer key and asks from the newest seen next poll', async () => {
    const { drafts, clock, source } = await run((req) => {
      if (req.query.get('cursor') === 'p2') return page([massiveItem('a2', '2026-11-20T13:06:00Z')], null);
      if (req.query.get('published_utc.gt') === '2026-11-20T13:06:00Z') return page([], null);
      return page([massiveItem('a1')], `${fake.url}/v2/reference/news?cursor=p2`);
    });
    await until('two pages', () => (drafts.length === 2 ? true : undefined));
    expect(drafts[0]).toEqual({
      source: 'massive',
      sourceId: 'a1',
      publisher: 'GlobeNewswire Inc.',
      kind: 'news',
      title: 'Acme Bio story a1',
      description: 'Acme Bio announced…',
      url: 'https://www.globenewswire.com/news/a1',
      imageUrl: 'https://www.globenewswire.com/img/a1.png',
      symbols: ['ACMB'],
      bodyHtml: 'Acme Bio announced…',
      linkToFilingDetails: null,
      form: null,
      publishedAt: Date.parse('2026-11-20T13:05:00Z'),
      updatedAt: null,
    });
    expect(newsDraftSchema.safeParse(drafts[1]).success).toBe(true);
    const [first, second] = fake.requests;
    expect(first?.path).toBe('/v2/reference/news');
    expect(Object.fromEntries(first?.query ?? [])).toEqual({
      'published_utc.gt': new Date(NOW - 24 * 3_600_000).toISOString(),
      order: 'asc',
      sort: 'published_utc',
      limit: '100',
    });
    expect(first?.headers.authorization).toBe('Bearer k-123');
    expect(second?.headers.authorization).toBe('Bearer k-123');
    await until('poll done', () => (source.stats().lastOkAt === NOW ? true : undefined));
    clock.advance(POLL_MS);
    await until('third request', () => (fake.requests.length === 3 ? true : undefined));
    expect(fake.requests[2]?.query.get('published_utc.gt')).toBe('2026-11-20T13:06:00Z');
  });

  it('never sends the key to a next_url on another origin', async () => {
    const { drafts, source } = await run(() =>
      page([massiveItem('a1')], 'https://elsewhere.example.com/v2/reference/news?cursor=x'),
    );
    await until('poll done', () => (source.stats().lastOkAt !== null ? true : undefined));
    expect(drafts).toHaveLength(1);
    expect(fake.requests).toHaveLength(1);
  });

  it('refused keys wait 10 minutes; malformed JSON backs off; items without a title are counted', async () => {
    let mode: 'refuse' | 'garbage' | 'ok' = 'refuse';
    const { drafts, source, clock } = await run(() => {
      if (mode === 'refuse') return { status: 401, body: '{"status":"ERROR"}' };
      if (mode === 'garbage') return { status: 200, body: '{"results": [' };
      return page([massiveItem('a1'), { id: 'x' }], null);
    });
    await until('refused', () => (source.stats().failures === 1 ? true : undefined));
    mode = 'garbage';
    clock.advance(10 * 60_000 - 1);
    expect(fake.requests).toHaveLength(1);
    clock.advance(1);
    await until('garbage', () => (source.stats().failures === 2 ? true : undefined));
    mode = 'ok';
    clock.advance(3_750);
    await until('recovered', () => (drafts.length === 1 ? true : undefined));
    expect(source.stats()).toMatchObject({ malformed: 1, received: 1, failures: 2 });
  });
});
