import { defaultChannels, streamBatchSchema } from '@tapeline/core';
import { afterEach, describe, expect, it } from 'vitest';
import { createManualClock } from '../../../../test/manualClock.ts';
import { EngineRuntime } from '../../engine/runtime.ts';
import { type FakeHaltsRss, haltsRssXml, startFakeHaltsRss } from '../testing/fakeHaltsRss.ts';
import { captureSink, recordingLogger, waitUntil } from '../testing/fakeWsServer.ts';
import { HaltMerge } from './haltMerge.ts';
import { HALTS_POLL_MS, NasdaqTraderHalts } from './nasdaqTraderHalts.ts';
import { nyDateTime, parseHaltsRss } from './nasdaqTraderRss.ts';

// Monday 24 Nov 2025 (EST): New York hh:mm is UTC hh+5.
const ny = (h: number, m = 0, s = 0) => Date.UTC(2025, 10, 24, h + 5, m, s);
const DAY = '11/24/2025';
/** A pause over before the server started. */
const OLD_PAUSE = {
  sym: 'OLD',
  reason: 'LUDP',
  haltDate: DAY,
  haltTime: '09:45:00',
  resumeDate: DAY,
  resumeTime: '09:50:00',
};

let rss: FakeHaltsRss | null = null;
let source: NasdaqTraderHalts | null = null;
afterEach(async () => {
  source?.stop();
  await rss?.close();
  rss = null;
  source = null;
});

describe('Nasdaq Trader halts RSS', () => {
  it('reads the documented ndaq: fields, New York times to UTC, an open halt without resumption', () => {
    const xml = haltsRssXml([
      { sym: 'ABCD', reason: 'T1', haltDate: DAY, haltTime: '10:40:10.250' },
      {
        sym: 'RUN',
        reason: 'LUDP',
        haltDate: DAY,
        haltTime: '09:45:00',
        resumeDate: DAY,
        resumeTime: '09:50:00',
      },
      { sym: 'bad sym!', reason: 'T1', haltDate: DAY, haltTime: '10:00:00' },
      { sym: 'NODATE', reason: 'T1', haltDate: '2025-11-24', haltTime: '10:00:00' },
    ]);
    expect(parseHaltsRss(xml)).toEqual([
      { sym: 'ABCD', reason: 'T1', haltTs: ny(10, 40, 10) + 250, resumeTs: null },
      { sym: 'RUN', reason: 'LUDP', haltTs: ny(9, 45), resumeTs: ny(9, 50) },
    ]);
    // Summer time: 4 hours behind UTC.
    expect(nyDateTime('07/01/2025', '09:30:00')).toBe(Date.UTC(2025, 6, 1, 13, 30));
  });

  it('polls every 15 s with a conditional GET; tells open halts, and resumptions when their time comes', async () => {
    rss = await startFakeHaltsRss();
    rss.set([{ sym: 'NEWS', reason: 'T1', haltDate: DAY, haltTime: '10:40:00' }, OLD_PAUSE]);
    const clock = createManualClock(ny(10, 45));
    const { logger } = recordingLogger();
    const told: [string, boolean, string, number][] = [];
    source = new NasdaqTraderHalts({ url: rss.url, clock, logger });
    await source.start((sym, halted, reason, ts) => void told.push([sym, halted, reason, ts]));
    // The open halt is news; the one over before we started is told only by its end.
    expect(told).toEqual([
      ['NEWS', true, 'T1', ny(10, 40)],
      ['OLD', false, 'LUDP', ny(9, 50)],
    ]);
    clock.advance(HALTS_POLL_MS);
    await waitUntil(() => source?.stats.polls === 2);
    expect(rss.answered).toEqual({ full: 1, notModified: 1 });
    expect(rss.requests[1]?.['if-none-match']).toBe('"v2"');
    expect(rss.requests[1]?.['if-modified-since']).toBeTruthy();
    // Nasdaq publishes the resumption time ahead: told once the clock reaches it.
    rss.set([
      {
        sym: 'NEWS',
        reason: 'T1',
        haltDate: DAY,
        haltTime: '10:40:00',
        resumeDate: DAY,
        resumeTime: '10:46:00',
      },
      OLD_PAUSE,
    ]);
    clock.advance(HALTS_POLL_MS);
    await waitUntil(() => source?.stats.polls === 3);
    expect(told).toHaveLength(2);
    clock.advanceTo(ny(10, 46, 5));
    await waitUntil(() => source?.stats.polls === 4);
    expect(told.slice(2)).toEqual([['NEWS', false, 'T1', ny(10, 46)]]);
    clock.advance(HALTS_POLL_MS);
    await waitUntil(() => source?.stats.polls === 5);
    expect(told).toHaveLength(3);
  });

  it('an unreachable feed is said once, and polling goes on', async () => {
    rss = await startFakeHaltsRss();
    rss.failNext(503);
    const clock = createManualClock(ny(10));
    const { lines, logger } = recordingLogger();
    source = new NasdaqTraderHalts({ url: rss.url, clock, logger });
    await source.start(() => {});
    expect(lines.filter((l) => l.includes('HTTP 503'))).toHaveLength(1);
    clock.advance(HALTS_POLL_MS);
    await waitUntil(() => (rss?.answered.full ?? 0) === 1);
    await waitUntil(() => lines.some((l) => l.includes('answers again')));
  });
});

describe('merging the feed’s halts with the RSS', () => {
  it('one halt told by both sources reaches the engine once; an old RSS halt never re-halts', () => {
    const { sink, got } = captureSink();
    const merge = new HaltMerge(sink);
    // LULD pause from the feed, then the same pause in the RSS.
    merge.feedSink.status('RUN', true, 'LUDP', ny(10, 40));
    merge.other('RUN', true, 'LUDP', ny(10, 40));
    // The feed resumes first; the RSS's resumption and its (older) halt come after.
    merge.feedSink.status('RUN', false, 'LUDP', ny(10, 45));
    merge.other('RUN', false, 'LUDP', ny(10, 45));
    merge.other('RUN', true, 'LUDP', ny(10, 40));
    // A news halt only the RSS knows passes, with its reason code.
    merge.other('NEWS', true, 'T1', ny(10, 50));
    expect(got.statuses).toEqual([
      ['RUN', true, 'LUDP', ny(10, 40)],
      ['RUN', false, 'LUDP', ny(10, 45)],
      ['NEWS', true, 'T1', ny(10, 50)],
    ]);
    expect(merge.doubles).toBe(3);
    // Trades go straight through.
    merge.feedSink.trade('RUN', 10, 100, ny(10, 46));
    expect(got.trades).toEqual([['RUN', 10, 100, ny(10, 46)]]);
  });
});

describe('an RSS halt in the engine', () => {
  it('is a stream halt and a halt alert carrying its reason code (T1), as webhooks send it', async () => {
    rss = await startFakeHaltsRss();
    rss.set([{ sym: 'NEWS', reason: 'T1', haltDate: DAY, haltTime: '10:40:00' }]);
    const clock = createManualClock(ny(10, 41));
    const runtime = new EngineRuntime('alpaca', null, { clock });
    runtime.engine.setReference({
      sym: 'NEWS',
      name: 'News Co',
      sector: 9,
      float: 1e7,
      shortRatio: 1,
      optionable: false,
      prevClose: 5,
      avgVolume: 1e6,
      exchange: 'NASDAQ',
    });
    const [main, alt] = defaultChannels() as [never, never];
    const user = '00000000-0000-4000-8000-000000000001';
    runtime.alerts.setRuleSets([
      {
        userId: user,
        set: {
          tier: 'proplus',
          rules: [{ id: 1, type: 'halt', category: 'halt', rate: 0, low: null, high: null }],
          filtered: [],
          channels: { main, alt },
          favorites: [],
        },
      },
    ]);
    const merge = new HaltMerge(runtime.sink);
    source = new NasdaqTraderHalts({ url: rss.url, clock, logger: recordingLogger().logger });
    await source.start(merge.other);
    const batch = streamBatchSchema.parse(JSON.parse(runtime.drain() ?? 'null'));
    expect(batch.halts.map((h) => [h.symbol, h.active, h.flag])).toEqual([['NEWS', true, 'T1']]);
    const fired = JSON.parse(runtime.alerts.take() ?? 'null') as { alerts: Record<string, unknown>[] };
    expect(fired.alerts.map((a) => [a.symbol, a.subtype, a.reason_code])).toEqual([['NEWS', 'halt', 'T1']]);
  });
});
