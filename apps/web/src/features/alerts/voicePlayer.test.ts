import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createVoicePlayer, type VoiceAudio } from './voicePlayer.ts';
import { type VoiceClip, VoiceQueue } from './voiceQueue.ts';

const clip = (symbol: string): VoiceClip => ({
  symbol,
  zone: 'primary_high',
  url: `/voice/${symbol}/voice1-s.mp3`,
  seconds: 2,
});

/** A fake audio element: records what was played and lets the test end or fail it. */
class FakeAudio implements VoiceAudio {
  static made: FakeAudio[] = [];
  private readonly listeners: Record<string, (() => void)[]> = { ended: [], error: [] };
  paused = false;
  constructor(
    readonly url: string,
    private readonly playResult: Promise<void>,
  ) {
    FakeAudio.made.push(this);
  }
  play() {
    return this.playResult;
  }
  pause() {
    this.paused = true;
  }
  addEventListener(type: 'ended' | 'error', listener: () => void) {
    this.listeners[type]?.push(listener);
  }
  emit(type: 'ended' | 'error') {
    for (const listener of this.listeners[type] ?? []) listener();
  }
}

const played = () => FakeAudio.made.map((a) => a.url);
const last = () => FakeAudio.made.at(-1) as FakeAudio;

function player(rejectPlayOf: string[] = []) {
  const queue = new VoiceQueue({ repeatSeconds: 10 });
  return createVoicePlayer({
    queue,
    now: () => 1_000,
    makeAudio: (url) =>
      new FakeAudio(
        url,
        rejectPlayOf.some((s) => url.includes(`/${s}/`))
          ? Promise.reject(new Error('NotAllowed'))
          : Promise.resolve(),
      ),
  });
}

describe('voice player', () => {
  beforeEach(() => {
    FakeAudio.made = [];
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('speaks queued clips one after another, each when the one before ends', () => {
    const p = player();
    p.speak(clip('AAA'));
    p.speak(clip('BBB'));
    expect(played()).toEqual(['/voice/AAA/voice1-s.mp3']);
    last().emit('ended');
    expect(played()).toEqual(['/voice/AAA/voice1-s.mp3', '/voice/BBB/voice1-s.mp3']);
  });

  it('skips to the next clip when one fails to load', () => {
    const p = player();
    p.speak(clip('BAD'));
    p.speak(clip('GOOD'));
    last().emit('error');
    expect(played().at(-1)).toBe('/voice/GOOD/voice1-s.mp3');
  });

  it('skips to the next clip when the browser refuses to play one', async () => {
    const p = player(['BAD']);
    p.speak(clip('BAD'));
    p.speak(clip('GOOD'));
    await vi.runAllTicks();
    await Promise.resolve();
    expect(played()).toEqual(['/voice/BAD/voice1-s.mp3', '/voice/GOOD/voice1-s.mp3']);
  });

  it('gives up a clip that stalls (neither ends nor fails) after its length plus 5 s', () => {
    const p = player();
    p.speak(clip('STUCK'));
    p.speak(clip('NEXT'));
    vi.advanceTimersByTime(6_999);
    expect(played()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeAudio.made[0]?.paused).toBe(true);
    expect(played().at(-1)).toBe('/voice/NEXT/voice1-s.mp3');
  });

  it('an error after the clip already ended does not skip the following clip', () => {
    const p = player();
    p.speak(clip('AAA'));
    p.speak(clip('BBB'));
    p.speak(clip('CCC'));
    const first = last();
    first.emit('ended');
    first.emit('error');
    expect(played()).toEqual(['/voice/AAA/voice1-s.mp3', '/voice/BBB/voice1-s.mp3']);
  });

  it('stop silences the clip playing and forgets the rest', () => {
    const p = player();
    p.speak(clip('AAA'));
    p.speak(clip('BBB'));
    p.stop();
    expect(FakeAudio.made[0]?.paused).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(played()).toHaveLength(1);
  });
});
