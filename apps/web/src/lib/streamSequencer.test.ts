import type { StreamBatchView } from '@tapeline/core';
import { describe, expect, it } from 'vitest';
import {
  createStreamSequencer,
  onStreamRefill,
  type StreamPosition,
  type StreamRefillReason,
  signalStreamRefill,
} from './streamSequencer.ts';

const EP = 1_767_600_000_000;
const batch = (seq: number, ep = EP): StreamBatchView => ({
  ep,
  seq,
  ts: 1_767_610_000_000 + seq * 250,
  highs: [],
  lows: [],
  halts: [],
  uvols: [],
});

function sequencer() {
  const delivered: string[] = [];
  const resumes: StreamPosition[] = [];
  const refills: StreamRefillReason[] = [];
  const s = createStreamSequencer({
    deliver: (b) => delivered.push(`${b.ep === EP ? '' : 'new:'}${b.seq}`),
    resume: (p) => resumes.push(p),
    refill: (r) => refills.push(r),
  });
  return { s, delivered, resumes, refills };
}

describe('streamSequencer', () => {
  it('a repeated batch is dropped', () => {
    const { s, delivered, resumes, refills } = sequencer();
    for (const seq of [1, 2, 2, 3, 1, 3]) s.push(batch(seq));
    expect(delivered).toEqual(['1', '2', '3']);
    expect(resumes).toEqual([]);
    expect(refills).toEqual([]);
  });

  it('starts from whatever batch comes first after a subscribe', () => {
    const { s, delivered } = sequencer();
    s.push(batch(40));
    s.push(batch(41));
    expect(delivered).toEqual(['40', '41']);
    expect(s.position()).toEqual({ ep: EP, seq: 41 });
  });

  it('a hole holds the later batches, asks once, and the resume fills it in order', () => {
    const { s, delivered, resumes, refills } = sequencer();
    s.push(batch(1));
    s.push(batch(2));
    s.push(batch(5));
    s.push(batch(6));
    expect(delivered).toEqual(['1', '2']);
    expect(resumes).toEqual([{ ep: EP, seq: 2 }]);
    expect(s.resuming()).toBe(true);

    s.resumed([batch(3), batch(4), batch(5)]);
    expect(delivered).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(s.resuming()).toBe(false);
    expect(refills).toEqual([]);
    s.push(batch(6));
    s.push(batch(7));
    expect(delivered.at(-1)).toBe('7');
    expect(delivered).toHaveLength(7);
  });

  it('a reconnect resumes from the last batch; an empty answer means nothing was missed', () => {
    const { s, delivered, refills } = sequencer();
    expect(s.beginResume()).toBeNull();
    s.push(batch(8));
    expect(s.beginResume()).toEqual({ ep: EP, seq: 8 });
    s.resumed([]);
    s.push(batch(9));
    expect(delivered).toEqual(['8', '9']);
    expect(refills).toEqual([]);
  });

  it('a gap the server cannot serve: the held batches go on and the views refill', () => {
    const { s, delivered, refills } = sequencer();
    s.push(batch(1));
    s.push(batch(900));
    s.push(batch(901));
    s.resumeFailed('gap');
    expect(delivered).toEqual(['1', '900', '901']);
    expect(refills).toEqual(['gap']);
    s.push(batch(902));
    expect(delivered.at(-1)).toBe('902');
  });

  it('a resume that leaves a hole open refills instead of waiting for it', () => {
    const { s, delivered, refills } = sequencer();
    s.push(batch(1));
    s.push(batch(6));
    s.resumed([batch(2), batch(3)]);
    expect(delivered).toEqual(['1', '2', '3', '6']);
    expect(refills).toEqual(['gap']);
  });

  it('a new engine epoch is taken as it comes and the views refill; the old epoch is dropped after', () => {
    const { s, delivered, refills, resumes } = sequencer();
    s.push(batch(50));
    s.push(batch(52));
    s.push(batch(1, EP + 60_000));
    s.push(batch(51));
    s.push(batch(2, EP + 60_000));
    expect(delivered).toEqual(['50', 'new:1', 'new:2']);
    expect(refills).toEqual(['new-epoch']);
    expect(resumes).toHaveLength(1);
    expect(s.position()).toEqual({ ep: EP + 60_000, seq: 2 });
  });

  it('a drop forgets the unanswered resume, so the reconnect asks again', () => {
    const { s, resumes } = sequencer();
    s.push(batch(1));
    s.push(batch(3));
    s.push(batch(4));
    expect(resumes).toHaveLength(1);
    s.interrupted();
    expect(s.resuming()).toBe(false);
    expect(s.beginResume()).toEqual({ ep: EP, seq: 1 });
  });

  it('seeded by a recent view: a first live batch after a hole asks for the missing ones', () => {
    const { s, delivered, resumes } = sequencer();
    // Two views answered as of batches 12 and 10: the tab stands at the older.
    s.seed({ ep: EP, seq: 12 });
    s.seed({ ep: EP, seq: 10 });
    s.push(batch(14));
    expect(delivered).toEqual([]);
    expect(resumes).toEqual([{ ep: EP, seq: 10 }]);
    s.resumed([batch(11), batch(12), batch(13)]);
    expect(delivered).toEqual(['11', '12', '13', '14']);
  });

  it('seeded, a drop before any live batch resumes from the answer; a seed after live batches changes nothing', () => {
    const dropped = sequencer();
    dropped.s.seed({ ep: EP, seq: 30 });
    expect(dropped.s.beginResume()).toEqual({ ep: EP, seq: 30 });

    const { s, delivered, resumes } = sequencer();
    s.push(batch(40));
    s.seed({ ep: EP, seq: 20 });
    s.push(batch(41));
    expect(delivered).toEqual(['40', '41']);
    expect(resumes).toEqual([]);
    s.reset();
    expect(s.beginResume()).toBeNull();
  });

  it('a seed of a later epoch wins over an earlier one, and the next batch in sequence goes straight on', () => {
    const { s, delivered, resumes } = sequencer();
    s.seed({ ep: EP, seq: 3 });
    s.seed({ ep: EP + 1, seq: 8 });
    s.push(batch(9, EP + 1));
    expect(delivered).toEqual(['new:9']);
    expect(resumes).toEqual([]);
  });

  it('refill listeners hear the signal until they unsubscribe', () => {
    const heard: StreamRefillReason[] = [];
    const stop = onStreamRefill((r) => heard.push(r));
    signalStreamRefill('epoch');
    stop();
    signalStreamRefill('gap');
    expect(heard).toEqual(['epoch']);
  });
});
