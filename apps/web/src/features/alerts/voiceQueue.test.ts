import { describe, expect, it } from 'vitest';
import { clipFor, type VoiceClip, VoiceQueue } from './voiceQueue.ts';

const T0 = 1_700_000_000_000;
const symbolClip = (symbol: string, zone: VoiceClip['zone'] = 'primary_high'): VoiceClip => ({
  symbol,
  zone,
  url: `/voice/${symbol}/voice1-s.mp3`,
  seconds: 2,
});
const nameClip = (symbol: string): VoiceClip => ({
  ...symbolClip(symbol),
  url: `/voice/${symbol}/voice1-n.mp3`,
  seconds: 3,
});

describe('clipFor: the clip an alert is spoken with', () => {
  const entries = [
    { zone: 'primary_high' as const, voice: 'voice3' as const, type: 'symbol' as const },
    { zone: 'halt' as const, voice: 'voice5' as const, type: 'name' as const },
  ];

  it('speaks the symbol (2 s) or the company name (3 s) in the zone’s voice, from the voice host', () => {
    expect(clipFor({ symbol: 'AAPL', zone: 'primary_high' }, entries, '/voice')).toEqual({
      symbol: 'AAPL',
      zone: 'primary_high',
      url: '/voice/AAPL/voice3-s.mp3',
      seconds: 2,
    });
    expect(clipFor({ symbol: 'BRK.B', zone: 'halt' }, entries, 'https://voice.example/clips/')).toEqual({
      symbol: 'BRK.B',
      zone: 'halt',
      url: 'https://voice.example/clips/BRK.B/voice5-n.mp3',
      seconds: 3,
    });
  });

  it('is silent for a zone the user has no voice for, and for alerts without a zone', () => {
    expect(clipFor({ symbol: 'AAPL', zone: 'alt_low' }, entries, '/voice')).toBeNull();
    expect(clipFor({ symbol: 'AAPL', zone: null }, entries, '/voice')).toBeNull();
  });
});

describe('VoiceQueue', () => {
  it('plays clips in arrival order, one at a time', () => {
    const q = new VoiceQueue({ repeatSeconds: 10 });
    expect(q.offer(symbolClip('AAA'), T0)).toBe('queued');
    expect(q.offer(symbolClip('BBB'), T0 + 100)).toBe('queued');
    expect(q.start()).toEqual({ clip: symbolClip('AAA'), delayMs: 0 });
    expect(q.start()).toBeNull(); // AAA still playing
    q.finish();
    expect(q.start()?.clip.symbol).toBe('BBB');
    q.finish();
    expect(q.start()).toBeNull();
  });

  it('drops a clip that would take the queue past 60 s (symbols count 2 s, names 3 s)', () => {
    const q = new VoiceQueue({ repeatSeconds: 0 });
    // 12 names = 36 s, 12 symbols = 24 s: exactly 60 s.
    for (let i = 0; i < 12; i += 1) expect(q.offer(nameClip(`N${i}`), T0)).toBe('queued');
    for (let i = 0; i < 12; i += 1) expect(q.offer(symbolClip(`S${i}`), T0)).toBe('queued');
    expect(q.bufferedSeconds).toBe(60);
    expect(q.offer(symbolClip('LATE'), T0)).toBe('full');
    expect(q.length).toBe(24);
    // Once a clip has started (a 3 s name) it no longer counts: room for one more name.
    q.start();
    expect(q.bufferedSeconds).toBe(57);
    expect(q.offer(nameClip('ROOM'), T0)).toBe('queued');
    expect(q.offer(symbolClip('NONE'), T0)).toBe('full');
  });

  it('a symbol dropped for lack of room can be spoken once there is room', () => {
    const q = new VoiceQueue({ repeatSeconds: 10, limitSeconds: 4 });
    q.offer(symbolClip('AAA'), T0);
    q.offer(symbolClip('BBB'), T0);
    expect(q.offer(symbolClip('CCC'), T0)).toBe('full');
    q.start();
    expect(q.offer(symbolClip('CCC'), T0 + 1)).toBe('queued');
  });

  it('does not repeat a symbol within the voice buffer seconds', () => {
    const q = new VoiceQueue({ repeatSeconds: 10 });
    expect(q.offer(symbolClip('AAPL'), T0)).toBe('queued');
    expect(q.offer(symbolClip('AAPL', 'halt'), T0 + 9_999)).toBe('repeat');
    expect(q.offer(symbolClip('MSFT'), T0 + 9_999)).toBe('queued');
    expect(q.offer(symbolClip('AAPL'), T0 + 10_000)).toBe('queued');
  });

  it('follows the setting: 0 repeats at once, a longer buffer suppresses longer', () => {
    const q = new VoiceQueue({ repeatSeconds: 0 });
    expect(q.offer(symbolClip('AAPL'), T0)).toBe('queued');
    expect(q.offer(symbolClip('AAPL'), T0)).toBe('queued');
    q.setRepeatSeconds(5);
    expect(q.offer(symbolClip('TSLA'), T0)).toBe('queued');
    expect(q.offer(symbolClip('TSLA'), T0 + 4_000)).toBe('repeat');
    expect(q.offer(symbolClip('TSLA'), T0 + 5_000)).toBe('queued');
  });

  it('waits a zone’s extra delay before its clip, and counts it toward the limit', () => {
    const delays = {
      filtered: 0,
      halt: 3,
      primary_high: 0,
      primary_low: 0,
      alt_high: 0,
      alt_low: 0,
      fav: 0,
      popular: 0,
    };
    const q = new VoiceQueue({ repeatSeconds: 0, limitSeconds: 6, zoneDelaySeconds: delays });
    expect(q.offer(symbolClip('HALT', 'halt'), T0)).toBe('queued');
    expect(q.bufferedSeconds).toBe(5);
    expect(q.offer(symbolClip('AAA'), T0)).toBe('full');
    expect(q.start()).toEqual({ clip: symbolClip('HALT', 'halt'), delayMs: 3000 });
  });
});
