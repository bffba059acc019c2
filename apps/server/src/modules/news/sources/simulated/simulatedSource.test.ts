import { type NewsAnswer, type NewsDraft, newsDraftSchema } from '@tapeline/core';
import { afterAll, describe, expect, it } from 'vitest';
import { silentLog } from '../../../../platform/log.ts';
import { seedSubscriber } from '../../../../test/factories.ts';
import { createManualClock } from '../../../../test/manualClock.ts';
import { until } from '../../../../test/waitFor.ts';
import { withApp } from '../../../../test/withApp.ts';
import { type NewsRunner, startNewsSources } from '../../ingest/runner.ts';
import { newsModuleOf } from '../../newsModule.ts';
import { type SimNewsItem, shortName, simulatedDraft } from './headlines.ts';
import { createSimulatedSource, type SimNewsQuery } from './simulatedSource.ts';

// The simulated wire against a stub engine answering `{kind:'simNews', since}` as the engine
// does (items with since < ts, with names), through the runner and the bus into a real store.

const T = Date.parse('2026-11-20T12:00:00.000Z');
const ITEMS: SimNewsItem[] = [
  { sym: 'ACMB', name: 'Acme Bio Inc', ts: T + 1_000, kind: 'catalyst' },
  { sym: 'ACMB', name: 'Acme Bio Inc', ts: T + 2_000, kind: 'filing', form: '8-K' },
  { sym: 'ZYXI', name: 'Zyx Industries Corp.', ts: T + 3_000, kind: 'spike' },
  { sym: 'HLTD', name: 'Halted Holdings Ltd', ts: T + 4_000, kind: 'halt' },
];

/** The engine's side: the session's items, those after `since`; `fail` makes the next calls reject. */
function stubEngine(items: SimNewsItem[]) {
  const asked: number[] = [];
  const engine = {
    fail: 0,
    garbage: false,
    asked,
    async query(query: SimNewsQuery | { kind: 'names' } | { kind: 'status' }): Promise<string> {
      if (query.kind === 'names') return JSON.stringify(items.map((i) => ({ s: i.sym, n: i.name })));
      // The runner reads the market clock (manual feed here: the wall).
      if (query.kind === 'status') return JSON.stringify({ clock: 0 });
      asked.push(query.since);
      if (engine.fail > 0) {
        engine.fail--;
        throw new Error('engine busy');
      }
      if (engine.garbage) return JSON.stringify([{ sym: 'X', kind: 'rumour' }]);
      return JSON.stringify(items.filter((i) => i.ts > query.since));
    },
  };
  return engine;
}

describe('headlines (pure templates)', () => {
  it('writes the same draft for the same item, as a restart must', () => {
    for (const item of ITEMS) {
      const once = simulatedDraft(item);
      expect(simulatedDraft({ ...item })).toEqual(once);
      expect(newsDraftSchema.safeParse(once).success).toBe(true);
      expect(once).toMatchObject({
        source: 'simulated',
        sourceId: `sim:2026-11-20:${item.kind}:${item.sym}:${item.ts}`,
        publisher: 'Tapeline Simulated Wire',
        url: null,
        imageUrl: null,
        symbols: [item.sym],
        publishedAt: item.ts,
        updatedAt: null,
      });
      expect(once.bodyHtml).toContain(`(NASDAQ: ${item.sym})`);
      expect(once.bodyHtml?.match(/<p>/g)).toHaveLength(2);
    }
  });

  it('names filings "SYM FORM: Company" with their item, and everything else news', () => {
    const [catalyst, filing, spike, halt] = ITEMS.map(simulatedDraft) as [
      NewsDraft,
      NewsDraft,
      NewsDraft,
      NewsDraft,
    ];
    expect(filing).toMatchObject({ kind: 'filing', title: 'ACMB 8-K: Acme Bio Inc', form: '8-K' });
    expect(filing.description).toBe('Item 8.01: Other Events');
    expect(catalyst).toMatchObject({ kind: 'news', form: null });
    expect(catalyst.title).toMatch(/^Acme Bio /);
    expect(spike.title).toContain('Zyx Industries');
    expect(halt.title).toMatch(/^Trading in Halted Holdings \(HLTD\) Halted: /);
    expect(shortName('Acme Bio Inc')).toBe('Acme Bio');
    expect(shortName('Zyx Industries Corp.')).toBe('Zyx Industries');
    expect(shortName('Inc')).toBe('Inc');
  });

  it('varies the template with the item', () => {
    const titles = new Set(
      Array.from(
        { length: 40 },
        (_, i) => simulatedDraft({ ...ITEMS[0], ts: T + i * 60_000 } as SimNewsItem).title,
      ),
    );
    expect(titles.size).toBeGreaterThan(3);
  });
});

describe('the simulated source', () => {
  it('asks for what is new since the last item, and counts a failed or garbled poll', async () => {
    const engine = stubEngine(ITEMS.slice(0, 2));
    const clock = createManualClock(0);
    const received: NewsDraft[] = [];
    const source = createSimulatedSource({ engine, pollMs: 2_000, clock });
    await source.start({ articles: (drafts) => received.push(...drafts) });
    await until('the first poll', () => (source.stats().lastOkAt === 0 ? true : undefined));
    expect(received).toHaveLength(2);
    expect(engine.asked).toEqual([0]);

    engine.fail = 1;
    clock.advance(2_000);
    await until('the failed poll', () => (source.stats().failures === 1 ? true : undefined));
    expect(engine.asked).toEqual([0, T + 2_000]);
    // Retried on the backoff (5 s doubling, equal jitter: 2.5–5 s first), not the 2 s poll.
    clock.advance(5_000);
    await until('the good retry', () => ((source.stats().lastOkAt ?? 0) > 0 ? true : undefined));
    expect(engine.asked).toHaveLength(3);
    engine.garbage = true;
    clock.advance(2_000);
    await until('the garbled answer', () => (source.stats().failures === 2 ? true : undefined));
    expect(received).toHaveLength(2);
    expect(source.stats()).toMatchObject({ received: 2, failures: 2 });
    await source.stop();
    expect(clock.pending()).toBe(0);
  });
});

describe('through the runner and the bus into the store', () => {
  const app = withApp({ mail: 'outbox' });
  let runner: NewsRunner | null = null;
  afterAll(async () => {
    await runner?.stop();
  });

  it('lists the simulated items, filings marked, and keeps ids across a restart', async () => {
    const items = ITEMS.slice(0, 3);
    const engine = stubEngine(items);
    // The app's clock drives the polls and the batches: each look at the list moves it a second on.
    const start = () =>
      startNewsSources(app.ctx.config, app.ctx.bus, engine, silentLog, {
        sources: [createSimulatedSource({ engine, pollMs: 50, clock: app.clock })],
        clock: app.clock,
      });
    runner = await start();
    const { token } = await seedSubscriber(app);
    const listed = async () => {
      app.clock.advance(1_000);
      return (await app.call<NewsAnswer>('GET', '/api/news', { token })).body;
    };
    await until('the items stored', async () => ((await listed()).total === 3 ? true : undefined));

    items.push(ITEMS[3] as SimNewsItem);
    await until('the next item', async () => ((await listed()).total === 4 ? true : undefined));
    const answer = await listed();
    expect(answer.articles.map((a) => [a.symbols[0], a.kind, a.url, a.source])).toEqual([
      ['HLTD', 'news', null, { id: 'simulated', name: 'Tapeline Simulated Wire' }],
      ['ZYXI', 'news', null, { id: 'simulated', name: 'Tapeline Simulated Wire' }],
      ['ACMB', 'filing', null, { id: 'simulated', name: 'Tapeline Simulated Wire' }],
      ['ACMB', 'news', null, { id: 'simulated', name: 'Tapeline Simulated Wire' }],
    ]);
    expect((await app.call<NewsAnswer>('GET', '/api/news?ig_rf=1', { token })).body.total).toBe(3);

    // A restart asks from the beginning again; the same ids find their rows.
    await runner.stop();
    runner = await start();
    await until('the restart replayed the session', () =>
      engine.asked.filter((s) => s === 0).length >= 2 ? true : undefined,
    );
    const ingest = newsModuleOf(app.app.http).ingest;
    await until('the replay met the stored rows', () => {
      app.clock.advance(1_000);
      return ingest.stats().duplicates >= 4 ? true : undefined;
    });
    expect(runner.stats().simulated).toMatchObject({ received: 4, malformed: 0, failures: 0 });
    expect((await listed()).total).toBe(4);
  });
});
