import type { VoiceClipParams } from '@tapeline/core';
import { describe, expect, it } from 'vitest';
import type { PrepareOutcome } from './voiceHost.ts';
import {
  createVoiceWarmer,
  WARM_CLIPS_PER_USER,
  WARM_QUEUE_MAX,
  WARM_SESSION_AGAIN_MS,
} from './voiceWarmer.ts';
import { voicedPairs } from './watchedClips.ts';

// The warm-up's bounds with the host and the database faked: voice.test.ts proves on the real
// app that a watched clip is then served from disk without a render.

const clips = (user: string, n: number): VoiceClipParams[] =>
  Array.from({ length: n }, (_, i) => ({ symbol: `${user}${i}`, voiceId: 'voice1', kind: 's' }));

function setup(watchedOf: (userId: string) => VoiceClipParams[] = (u) => clips(u, 3)) {
  let now = 0;
  const prepared: string[] = [];
  const asked: { userId: string; max: number }[] = [];
  let inPrepare = 0;
  let mostAtOnce = 0;
  const warmer = createVoiceWarmer({
    host: {
      async prepare(clip): Promise<PrepareOutcome> {
        inPrepare++;
        mostAtOnce = Math.max(mostAtOnce, inPrepare);
        await new Promise((resolve) => setImmediate(resolve));
        inPrepare--;
        prepared.push(clip.symbol);
        return 'rendered';
      },
    },
    watched: async (userId, max) => {
      asked.push({ userId, max });
      return watchedOf(userId).slice(0, max);
    },
    clock: { now: () => now },
    log: { warn: () => {} },
  });
  return {
    warmer,
    prepared,
    asked,
    mostAtOnce: () => mostAtOnce,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe('voice warm-up', () => {
  it('renders one clip at a time, each once, and asks for at most the per-trader cap', async () => {
    const t = setup();
    t.warmer.warm('A', 'change');
    t.warmer.warm('B', 'change');
    await t.warmer.settled();
    expect(t.prepared).toEqual(['A0', 'A1', 'A2', 'B0', 'B1', 'B2']);
    expect(t.mostAtOnce()).toBe(1);
    expect(t.asked.map((a) => a.max)).toEqual([WARM_CLIPS_PER_USER, WARM_CLIPS_PER_USER]);
  });

  it('drops what does not fit the queue rather than growing it', async () => {
    const t = setup((u) => clips(u, WARM_CLIPS_PER_USER));
    const traders = Math.ceil(WARM_QUEUE_MAX / WARM_CLIPS_PER_USER) + 2;
    for (let i = 0; i < traders; i++) t.warmer.warm(`U${i}-`, 'change');
    await t.warmer.settled();
    // The first clip left the queue before the others arrived, so one more fits than the bound.
    expect(t.prepared.length).toBeLessThanOrEqual(WARM_QUEUE_MAX + 1);
    expect(t.prepared.length + t.warmer.counts.dropped).toBe(traders * WARM_CLIPS_PER_USER);
  });

  it('looks at a reconnecting trader once per window; a change is always looked at', async () => {
    const t = setup();
    t.warmer.warm('A', 'session');
    await t.warmer.settled();
    t.advance(WARM_SESSION_AGAIN_MS - 1);
    t.warmer.warm('A', 'session');
    await t.warmer.settled();
    expect(t.asked).toHaveLength(1);
    t.warmer.warm('A', 'change');
    await t.warmer.settled();
    t.advance(1);
    t.warmer.warm('A', 'session');
    await t.warmer.settled();
    expect(t.asked).toHaveLength(3);
  });

  it('a change told while the watched set is read reads it again once', async () => {
    const t = setup();
    t.warmer.warm('A', 'change');
    t.warmer.warm('A', 'change');
    t.warmer.warm('A', 'change');
    await t.warmer.settled();
    expect(t.asked).toHaveLength(2);
  });

  it("speaks each voiced zone's voice and kind once", () => {
    expect(
      voicedPairs([
        { zone: 'primary_high', voice: 'voice2', type: 'symbol' },
        { zone: 'primary_low', voice: 'voice2', type: 'symbol' },
        { zone: 'fav', voice: 'voice2', type: 'name' },
      ]),
    ).toEqual([
      { voiceId: 'voice2', kind: 's' },
      { voiceId: 'voice2', kind: 'n' },
    ]);
  });
});
