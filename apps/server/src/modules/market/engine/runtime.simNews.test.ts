import { describe, expect, it } from 'vitest';
import type { SimNewsItem } from './protocol.ts';
import { EngineRuntime, SIM_NEWS_KEPT } from './runtime.ts';
import { acmeRuntime, OPEN } from './testing/runtimeKit.ts';

const runtime = () => acmeRuntime('simulator');
const simNews = (r: EngineRuntime, since: number) =>
  JSON.parse(r.answer({ kind: 'simNews', since })) as SimNewsItem[];

describe('the simNews query: the simulator news the runtime keeps', () => {
  it('answers items with since < ts ≤ clock, with the company name, form only on filings', () => {
    const r = runtime();
    r.sink.news('ACMB', OPEN - 3_600_000, 'catalyst');
    r.sink.news('ACMB', OPEN - 60_000, 'filing', '8-K');
    r.sink.news('ZZZZ', OPEN, 'filing', 'S-1');
    r.sink.news('ACMB', OPEN + 60_000, 'spike'); // ahead of the clock: not yet
    expect(simNews(r, 0)).toEqual([
      { sym: 'ACMB', name: 'Acme Bio Inc', ts: OPEN - 3_600_000, kind: 'catalyst' },
      { sym: 'ACMB', name: 'Acme Bio Inc', ts: OPEN - 60_000, kind: 'filing', form: '8-K' },
      { sym: 'ZZZZ', name: 'ZZZZ', ts: OPEN, kind: 'filing', form: 'S-1' },
    ]);
    expect(simNews(r, OPEN - 60_000).map((i) => i.ts)).toEqual([OPEN]);
    r.sink.clock(OPEN + 60_000);
    expect(simNews(r, OPEN).map((i) => i.kind)).toEqual(['spike']);
  });

  it(`keeps the newest ${SIM_NEWS_KEPT}`, () => {
    const r = runtime();
    for (let k = 0; k < SIM_NEWS_KEPT + 10; k++) r.sink.news('ACMB', OPEN - 100_000 + k, 'filing', '10-Q');
    const kept = simNews(r, 0);
    expect(kept).toHaveLength(SIM_NEWS_KEPT);
    expect(kept[0]?.ts).toBe(OPEN - 100_000 + 10);
  });

  it('is empty when the feed is not the simulator (nothing was kept)', () => {
    expect(simNews(new EngineRuntime('alpaca', null, { clockStart: OPEN }), 0)).toEqual([]);
  });
});
