import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { newsDraftSchema } from '@tapeline/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock, type ManualClock } from '../../../test/manualClock.ts';
import { recordingLog } from '../../../test/recordingLog.ts';
import { until } from '../../../test/waitFor.ts';
import { type FakeServer, startFakeServer } from '../../market/feeds/testing/fakeWsServer.ts';
import { createAlpacaNewsSource } from './alpaca/alpacaSource.ts';
import { createMassiveSource } from './massive/massiveSource.ts';
import type { NewsSource } from './newsSource.ts';
import { createRssSource } from './rss/rssSource.ts';
import { createSecSource } from './sec/secSource.ts';
import { type FakeAnswer, type FakeHttp, listedOf, startFakeHttp } from './testing/fakeHttpServer.ts';
import {
  alpacaItem,
  COMPANY_TICKERS,
  DOCTYPE_BOMB,
  massiveItem,
  rssItems,
  secEntry,
  secFeed,
} from './testing/samples.ts';

// Four sources at once, each against its own loopback fake and on its own manual clock, through
// a minimal harness (the runner's supervision is each source's poll loop; drafts are checked
// against core's newsDraftSchema here). Each fake in turn answers 500, hangs, resets, sends
// malformed JSON/XML, a DOCTYPE bomb and 50 MB: the others keep delivering, nothing becomes an
// unhandled rejection, and the failing one backs off (growing waits) and recovers.

type Mode = 'ok' | '500' | 'hang' | 'reset' | 'malformed' | 'doctype' | 'huge';
const MODES: Mode[] = ['500', 'hang', 'reset', 'malformed', 'doctype', 'huge'];
const NOW = Date.parse('2026-11-20T14:00:00Z');
const POLL_MS = 60_000;

interface Lane {
  name: string;
  mode: Mode;
  served: number;
  fake: FakeHttp;
  source: NewsSource;
  clock: ManualClock;
  lines: string[];
  valid: number;
}

function misbehave(mode: Mode, xml: boolean): FakeAnswer | null {
  switch (mode) {
    case '500':
      return { status: 500, body: 'oops' };
    case 'hang':
      return 'hang';
    case 'reset':
      return 'reset';
    case 'malformed':
      return { status: 200, body: xml ? '<rss><channel><item><title>cut' : '{"news": [{"id": 1' };
    case 'doctype':
      return { status: 200, body: DOCTYPE_BOMB };
    case 'huge':
      return { hugeBytes: 50 * 1024 * 1024 };
    default:
      return null;
  }
}

const lanes: Lane[] = [];
let alpacaWs: FakeServer;
let cacheDir: string;
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => void unhandled.push(reason);

async function lane(
  name: string,
  xml: boolean,
  ok: (n: number) => FakeAnswer,
  build: (url: string, l: Lane) => NewsSource,
) {
  const l = { name, mode: 'ok', served: 0, valid: 0, lines: [] } as unknown as Lane;
  l.fake = await startFakeHttp((req) => {
    if (req.path === '/files/company_tickers.json') return { status: 200, body: COMPANY_TICKERS };
    return misbehave(l.mode, xml) ?? ok(++l.served);
  });
  l.clock = createManualClock(NOW);
  l.source = build(l.fake.url, l);
  await l.source.start({
    articles: (drafts) => {
      for (const d of drafts) if (newsDraftSchema.safeParse(d).success) l.valid++;
    },
  });
  lanes.push(l);
}

const common = (l: Lane) => ({
  listed: listedOf('ACMB'),
  pollMs: POLL_MS,
  clock: l.clock,
  random: () => 0.5,
});

beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled);
  process.on('uncaughtException', onUnhandled);
  cacheDir = await mkdtemp(path.join(os.tmpdir(), 'news-isolation-'));
  // Alpaca's socket is always refused here, so its REST history is what gets polled.
  alpacaWs = await startFakeServer(
    (conn) => conn.socket.terminate(),
    () => {},
  );
  await lane(
    'rss',
    true,
    (n) => ({ status: 200, body: rssItems(n) }),
    (url, l) => createRssSource({ ...common(l), feeds: [`${url}/feed.xml`], logger: logOf(l) }),
  );
  await lane(
    'sec',
    true,
    (n) => ({
      status: 200,
      body: secFeed([
        secEntry('8-K', 'ACME BIO INC', '0001234567', 'Filer', `0001234567-26-${String(n).padStart(6, '0')}`),
      ]),
    }),
    (url, l) =>
      createSecSource({
        ...common(l),
        feedUrl: `${url}/cgi-bin/browse-edgar?action=getcurrent&output=atom`,
        tickersUrl: `${url}/files/company_tickers.json`,
        forms: ['8-K'],
        userAgent: 'Tapeline Test admin@tapeline.test',
        cacheDir,
        logger: logOf(l),
      }),
  );
  await lane(
    'massive',
    false,
    (n) => ({
      status: 200,
      body: JSON.stringify({
        status: 'OK',
        next_url: null,
        results: [massiveItem(`m${n}`, new Date(NOW - 3_600_000 + n * 1000).toISOString())],
      }),
    }),
    (url, l) =>
      createMassiveSource({ ...common(l), apiKey: 'k', url: `${url}/v2/reference/news`, logger: logOf(l) }),
  );
  await lane(
    'alpaca',
    false,
    (n) => ({ status: 200, body: JSON.stringify({ news: [alpacaItem(n)], next_page_token: null }) }),
    (url, l) =>
      createAlpacaNewsSource({
        ...common(l),
        keyId: 'K',
        secretKey: 'S',
        wsUrl: alpacaWs.url,
        restUrl: `${url}/v1beta1/news`,
        logger: logOf(l),
      }),
  );
});

function logOf(l: Lane) {
  return recordingLog(l.lines);
}

afterAll(async () => {
  for (const l of lanes) await l.source.stop();
  for (const l of lanes) await l.fake.close();
  await alpacaWs?.close();
  await rm(cacheDir, { recursive: true, force: true });
  process.off('unhandledRejection', onUnhandled);
  process.off('uncaughtException', onUnhandled);
});

/** Poll requests the lane's source has sent that have not settled (failed or delivered) yet. */
function pending(l: Lane): number {
  const polls = l.fake.requests.filter((r) => r.path !== '/files/company_tickers.json').length;
  return polls - l.source.stats().failures - l.valid;
}

/**
 * Moves a lane's clock 5 s at a time (under the 15 s deadline) until `done` holds, but only while none of its
 * requests is under way (a hang excepted: its deadline is what must come), so a slow loopback
 * answer is never cut by the clock racing ahead.
 */
async function drive(l: Lane, what: string, done: () => boolean): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`${l.name}: ${what} did not happen`);
    if (pending(l) <= 0 || l.mode === 'hang') l.clock.advance(5_000);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('news sources in isolation', () => {
  it('all four deliver at start', async () => {
    for (const l of lanes) await until(`${l.name} first item`, () => (l.valid >= 1 ? true : undefined));
  });

  for (const mode of MODES) {
    it(`each fake in turn answering ${mode}: the others keep delivering, it backs off and recovers`, async () => {
      for (const victim of lanes) {
        victim.mode = mode;
        const failuresBefore = victim.source.stats().failures;
        const linesBefore = victim.lines.length;
        // Two failures in a row: the second wait is longer than the first.
        await drive(
          victim,
          `two ${mode} failures`,
          () => victim.source.stats().failures >= failuresBefore + 2,
        );
        const waits = victim.lines
          .slice(linesBefore)
          .map((line) => /poll failed .*next attempt in (\d+) ms/.exec(line)?.[1])
          .filter((w): w is string => w !== undefined)
          .map(Number);
        const why = victim.lines.slice(linesBefore).join('\n');
        if (mode === '500') expect(why).toMatch(/HTTP 500/);
        if (mode === 'hang') expect(why).toMatch(/poll took over 15000 ms/);
        if (mode === 'huge') expect(why).toMatch(/cap/);
        if (mode === 'doctype' && (victim.name === 'rss' || victim.name === 'sec'))
          expect(why).toMatch(/DOCTYPE refused/);
        expect(waits.length).toBeGreaterThanOrEqual(2);
        expect(waits[1]).toBeGreaterThan(waits[0] ?? 0);
        // Meanwhile every other source polls on and delivers a new item.
        for (const other of lanes.filter((o) => o !== victim)) {
          const before = other.valid;
          await drive(other, 'a new item', () => other.valid > before);
        }
        victim.mode = 'ok';
        const before = victim.valid;
        await drive(victim, 'recovery', () => victim.valid > before);
      }
      expect(unhandled).toEqual([]);
    }, 120_000);
  }
});
