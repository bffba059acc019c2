import { NEWS_TOPICS, type NewsDraft } from '@tapeline/core';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createMemoryBus } from '../../../platform/bus/memoryBus.ts';
import { loadConfig } from '../../../platform/config.ts';
import { createManualClock } from '../../../test/manualClock.ts';
import { until } from '../../../test/waitFor.ts';
import type { NewsSink, NewsSource, NewsStats } from '../sources/newsSource.ts';
import { draft } from '../testing/drafts.ts';
import { BATCH_MAX_BYTES, createDraftBatcher } from './draftBatcher.ts';
import { CREDENTIALS_WAIT_MS, PollTimeoutError, startPollLoop } from './pollLoop.ts';
import { MARKET_OFFSET_EVERY_MS, startNewsSources } from './runner.ts';

// The runner's parts on a manual clock: batching (≤ 50 articles, ≤ 512 KB, ≤ 1 message a second),
// the supervised poll loop (deadline, backoff, long wait), and per-source supervision.

const log = pino({ level: 'silent' });
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('draft batcher', () => {
  it('sends at most 50 articles a message and at most one message a second', async () => {
    const clock = createManualClock(0);
    const sent: { at: number; count: number }[] = [];
    const batcher = createDraftBatcher({
      clock,
      publish: async (json) => {
        sent.push({ at: clock.now(), count: (JSON.parse(json) as { articles: unknown[] }).articles.length });
      },
    });
    batcher.push(Array.from({ length: 120 }, () => draft({ source: 'rss' })));
    for (let i = 0; i < 4; i++) {
      clock.advance(i === 0 ? 0 : 1_000);
      await settle();
    }
    expect(sent).toEqual([
      { at: 0, count: 50 },
      { at: 1_000, count: 50 },
      { at: 2_000, count: 20 },
    ]);
    // A draft arriving long after waits for nobody.
    clock.advance(10_000);
    batcher.push([draft()]);
    clock.advance(0);
    await settle();
    expect(sent.at(-1)).toEqual({ at: 13_000, count: 1 });
  });

  it('keeps a message under 512 KB and drops a draft too big to fit one alone', async () => {
    const clock = createManualClock(0);
    const sizes: number[] = [];
    const batcher = createDraftBatcher({
      clock,
      publish: async (json) => {
        sizes.push(Buffer.byteLength(json));
      },
    });
    const body = 'x'.repeat(90_000);
    batcher.push([
      ...Array.from({ length: 12 }, () => draft({ bodyHtml: body })),
      { ...draft(), description: 'y'.repeat(BATCH_MAX_BYTES) },
    ]);
    expect(batcher.stats()).toMatchObject({ queued: 12, dropped: 1 });
    for (let i = 0; i < 4; i++) {
      clock.advance(1_000);
      await settle();
    }
    expect(sizes.length).toBe(3);
    for (const size of sizes) expect(size).toBeLessThanOrEqual(BATCH_MAX_BYTES);
  });

  it('puts a batch back in front when the bus refuses it', async () => {
    const clock = createManualClock(0);
    let refuse = true;
    const got: string[] = [];
    const batcher = createDraftBatcher({
      clock,
      publish: async (json) => {
        if (refuse) throw new Error('bus down');
        got.push(...(JSON.parse(json) as { articles: NewsDraft[] }).articles.map((a) => a.sourceId));
      },
    });
    const drafts = [draft(), draft()];
    batcher.push(drafts);
    clock.advance(0);
    await settle();
    expect(batcher.stats().queued).toBe(2);
    refuse = false;
    clock.advance(1_000);
    await settle();
    expect(got).toEqual(drafts.map((d) => d.sourceId));
  });
});

describe('poll loop', () => {
  it('fails a poll at its deadline, backs off, and resets after a good poll', async () => {
    const clock = createManualClock(0);
    const waits: number[] = [];
    let hang = true;
    let polls = 0;
    let ok = 0;
    const loop = startPollLoop({
      everyMs: 60_000,
      clock,
      random: () => 1,
      poll: () => {
        polls++;
        return hang ? new Promise(() => {}) : Promise.resolve();
      },
      onSuccess: () => ok++,
      onFailure: (error, wait) => {
        expect(error).toBeInstanceOf(PollTimeoutError);
        waits.push(wait);
      },
    });
    clock.advance(15_000);
    await settle();
    clock.advance(5_000 + 15_000);
    await settle();
    expect(waits).toEqual([5_000, 10_000]);
    hang = false;
    clock.advance(10_000);
    await settle();
    expect({ polls, ok }).toEqual({ polls: 3, ok: 1 });
    hang = true;
    clock.advance(60_000 + 15_000);
    await settle();
    expect(waits).toEqual([5_000, 10_000, 5_000]);
    await loop.stop();
    expect(clock.pending()).toBe(0);
  });

  it("waits a failure's own delay when it names one (refused credentials)", async () => {
    const clock = createManualClock(0);
    const waits: number[] = [];
    const loop = startPollLoop({
      everyMs: 60_000,
      clock,
      poll: async () => {
        throw new Error('401');
      },
      waitAfter: (error) => (error.message === '401' ? CREDENTIALS_WAIT_MS : null),
      onFailure: (_error, wait) => waits.push(wait),
    });
    await settle();
    expect(waits).toEqual([CREDENTIALS_WAIT_MS]);
    await loop.stop();
  });
});

/** A source whose behaviour each test sets: throws in start, sends drafts, or counts. */
function fakeSource(name: NewsSource['name'], behaviour: { failStarts?: number; drafts?: unknown[] }) {
  let starts = 0;
  const stats: NewsStats = { received: 0, malformed: 0, failures: 0, lastOkAt: null };
  const source: NewsSource & { starts(): number } = {
    name,
    starts: () => starts,
    async start(sink: NewsSink) {
      starts++;
      if (starts <= (behaviour.failStarts ?? 0)) throw new Error('vendor down');
      sink.articles((behaviour.drafts ?? []) as NewsDraft[]);
    },
    async stop() {},
    stats: () => stats,
  };
  return source;
}

describe('startNewsSources', () => {
  it('keeps each source apart: one failing to start is retried while another publishes', async () => {
    const clock = createManualClock(0);
    const bus = createMemoryBus();
    const messages: { articles: NewsDraft[] }[] = [];
    await bus.subscribe(NEWS_TOPICS.articles, (payload) => messages.push(JSON.parse(String(payload))));
    const good = draft({ source: 'massive' });
    const broken = fakeSource('rss', { failStarts: 2 });
    const working = fakeSource('massive', {
      drafts: [good, { ...good, sourceId: '' }, draft({ source: 'rss' }), { garbage: true }],
    });
    const runner = await startNewsSources(
      loadConfig({ MARKET_FEED: 'manual' }),
      bus,
      { query: async () => '[]' },
      log,
      { sources: [broken, working], clock },
    );
    clock.advance(0);
    await until('the working source published', () => (messages.length === 1 ? true : undefined));
    expect(messages[0]?.articles.map((a) => a.sourceId)).toEqual([good.sourceId]);
    // Empty id, another source's draft and garbage: counted against the source, never sent.
    expect(runner.stats().massive).toMatchObject({ malformed: 3, queued: 0 });
    expect(runner.stats().rss).toMatchObject({ startFailures: 1 });
    clock.advance(5_000);
    await settle();
    clock.advance(10_000);
    await settle();
    expect(broken.starts()).toBe(3);
    expect(runner.stats().rss).toMatchObject({ startFailures: 2 });
    await runner.stop();
    expect(clock.pending()).toBe(0);
  });

  it("puts real articles on the simulator's virtual market clock, and leaves the simulated wire's as they are", async () => {
    const clock = createManualClock(Date.UTC(2026, 10, 29, 18));
    const bus = createMemoryBus();
    const messages: { articles: NewsDraft[] }[] = [];
    await bus.subscribe(NEWS_TOPICS.articles, (payload) => messages.push(JSON.parse(String(payload))));
    // Sunday 13:00 New York on the wall; the simulator's session at Monday's bell plus a minute.
    const marketNow = Date.UTC(2026, 10, 30, 14, 31);
    let marketAt = marketNow;
    const engine = {
      query: async (q: { kind: string }) =>
        q.kind === 'status' ? JSON.stringify({ clock: marketAt }) : '[]',
    };
    const rss = draft({ source: 'rss', publishedAt: clock.now() - 30 * 60_000 });
    const wire = draft({ source: 'simulated', publishedAt: marketNow - 60_000 });
    const runner = await startNewsSources(loadConfig({ MARKET_FEED: 'simulator' }), bus, engine, log, {
      sources: [fakeSource('rss', { drafts: [rss] }), fakeSource('simulated', { drafts: [wire] })],
      clock,
    });
    clock.advance(0);
    await until('both sources published', () => (messages.length === 2 ? true : undefined));
    const stamped = new Map(messages.flatMap((m) => m.articles).map((a) => [a.source, a.publishedAt]));
    // Half an hour before now on the wall is half an hour before now on the market's clock.
    expect(stamped.get('rss')).toBe(marketNow - 30 * 60_000);
    expect(stamped.get('simulated')).toBe(marketNow - 60_000);
    // Sorted by one clock: the wire's minute-old item is the newer one.
    expect(stamped.get('simulated') as number).toBeGreaterThan(stamped.get('rss') as number);
    // The distance is read again as the virtual clock runs.
    marketAt += 3_600_000;
    clock.advance(MARKET_OFFSET_EVERY_MS);
    await settle();
    await runner.stop();
    expect(clock.pending()).toBe(0);
  });

  it('moves nothing on a feed whose market clock is the wall', async () => {
    const clock = createManualClock(Date.UTC(2026, 10, 29, 18));
    const bus = createMemoryBus();
    const messages: { articles: NewsDraft[] }[] = [];
    await bus.subscribe(NEWS_TOPICS.articles, (payload) => messages.push(JSON.parse(String(payload))));
    const rss = draft({ source: 'rss', publishedAt: clock.now() - 60_000 });
    const engine = { query: async () => JSON.stringify({ clock: clock.now() + 86_400_000 }) };
    const runner = await startNewsSources(loadConfig({ MARKET_FEED: 'manual' }), bus, engine, log, {
      sources: [fakeSource('rss', { drafts: [rss] })],
      clock,
    });
    clock.advance(0);
    await until('the source published', () => (messages.length === 1 ? true : undefined));
    expect(messages[0]?.articles[0]?.publishedAt).toBe(rss.publishedAt);
    await runner.stop();
  });
});
