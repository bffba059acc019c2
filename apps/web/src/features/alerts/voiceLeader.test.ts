import { afterEach, describe, expect, it, vi } from 'vitest';
import { claimVoice } from './voiceLeader.ts';

// A Web Locks stand-in with the API's semantics for one exclusive lock: the first request holds
// it until its callback's promise settles; the next waits; an aborted waiter never gets it.
function fakeLocks() {
  let held = false;
  const waiting: { grant: () => void; signal?: AbortSignal }[] = [];
  const next = () => {
    const w = waiting.shift();
    if (w) w.grant();
  };
  return {
    request(_name: string, options: { signal?: AbortSignal }, callback: () => Promise<void>) {
      return new Promise<void>((resolve, reject) => {
        const grant = () => {
          held = true;
          callback().then(() => {
            held = false;
            resolve();
            next();
          });
        };
        options.signal?.addEventListener('abort', () => {
          const i = waiting.findIndex((w) => w.grant === grant);
          if (i >= 0) {
            waiting.splice(i, 1);
            reject(new DOMException('aborted', 'AbortError'));
          }
        });
        if (held) waiting.push({ grant, signal: options.signal });
        else grant();
      });
    },
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('one tab speaks', () => {
  it('gives the voice to the first tab, then to the next when the first lets go', async () => {
    vi.stubGlobal('navigator', { locks: fakeLocks() });
    const spoken: string[] = [];
    const releaseA = claimVoice(() => spoken.push('A'));
    claimVoice(() => spoken.push('B'));
    await Promise.resolve();
    expect(spoken).toEqual(['A']);
    releaseA();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(spoken).toEqual(['A', 'B']);
  });

  it('lets a waiting tab leave without ever speaking', async () => {
    vi.stubGlobal('navigator', { locks: fakeLocks() });
    const spoken: string[] = [];
    const releaseA = claimVoice(() => spoken.push('A'));
    const releaseB = claimVoice(() => spoken.push('B'));
    releaseB();
    releaseA();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(spoken).toEqual(['A']);
  });

  it('speaks in every tab where the browser has no Web Locks', () => {
    vi.stubGlobal('navigator', {});
    const spoken: string[] = [];
    claimVoice(() => spoken.push('A'));
    claimVoice(() => spoken.push('B'));
    expect(spoken).toEqual(['A', 'B']);
  });
});
