import { mkdtemp, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { VoiceClipParams } from '@tapeline/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HttpError } from '../../platform/http/errors.ts';
import { createRateLimiter } from '../../platform/rateLimit.ts';
import { createClipCache } from './clipCache.ts';
import type { NameBook } from './names.ts';
import type { ClipRenderer } from './renderer.ts';
import type { RenderedClip, RenderJob } from './synth.ts';
import {
  createVoiceHost,
  MAX_QUEUED_RENDERS,
  NAME_CLIP_MAX_AGE_MS,
  type VoiceHostDeps,
} from './voiceHost.ts';

// The voice host's rules with the renderer and the engine faked: renders are counted and held
// until released, so queueing, sharing and limits can be seen. voice.test.ts renders for real.

const LISTED = new Map([
  ['AAPL', 'Apple Inc.'],
  ['MSFT', 'Microsoft Corporation'],
  ['NVDA', 'NVIDIA Corporation'],
  ['TSLA', 'Tesla, Inc.'],
  ['NONAME', ''],
]);
const names: NameBook = { nameOf: async (symbol) => LISTED.get(symbol) ?? null };
const silentLog = { info: () => {}, warn: () => {} };

/** A renderer whose renders wait for `release()`; each answers the text it was given as bytes. */
function heldRenderer() {
  const jobs: { job: RenderJob; done: (clip: RenderedClip) => void; fail: (error: Error) => void }[] = [];
  const renderer: ClipRenderer & { jobs: typeof jobs; release(): void; failNext(): void } = {
    jobs,
    get pending() {
      return jobs.length;
    },
    render: (job) =>
      new Promise((done, fail) => {
        jobs.push({ job, done, fail });
      }),
    release() {
      for (const { job, done } of jobs.splice(0)) {
        done({ mp3: new TextEncoder().encode(`mp3:${job.text}`), seconds: 1, rate: job.voice.rate, ms: 1 });
      }
    },
    failNext() {
      jobs.shift()?.fail(new Error('thread died'));
    },
    close: async () => {},
  };
  return renderer;
}

const params = (symbol: string, kind: 'n' | 's' = 's', voiceId: VoiceClipParams['voiceId'] = 'voice1') => ({
  symbol,
  kind,
  voiceId,
});

async function status(promise: Promise<unknown>): Promise<number | string> {
  try {
    await promise;
    return 200;
  } catch (error) {
    return error instanceof HttpError ? error.status : String(error);
  }
}

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'tapeline-voice-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

function host(overrides: Partial<VoiceHostDeps> = {}) {
  const renderer = heldRenderer();
  const deps: VoiceHostDeps = {
    cache: createClipCache(root, '1'),
    names,
    renderer,
    limiter: createRateLimiter({ scale: 1 }),
    log: silentLog,
    ...overrides,
  };
  return { voice: createVoiceHost(deps), renderer: deps.renderer as typeof renderer };
}

/** Lets the host's awaits (cache, names, limiter) run until the renderer has `count` jobs. */
async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(check()).toBe(true);
}

describe('voice host', () => {
  it('renders a clip asked for by many at once once, and serves it from disk after', async () => {
    const { voice, renderer } = host();
    const asks = Array.from({ length: 5 }, () => voice.clip(params('AAPL'), '10.0.0.1'));
    await until(() => renderer.jobs.length === 1);
    expect(renderer.jobs[0]?.job.text).toBe('eh eh P L');
    renderer.release();
    const clips = await Promise.all(asks);
    expect(new Set(clips.map((c) => c.bytes.toString()))).toEqual(new Set(['mp3:eh eh P L']));
    expect(voice.renders).toBe(1);
    expect(await readFile(path.join(root, 'voice1', 's', 'AAPL.mp3'), 'utf8')).toBe('mp3:eh eh P L');

    const again = await voice.clip(params('AAPL'), '10.0.0.1');
    expect(again.bytes.toString()).toBe('mp3:eh eh P L');
    expect(renderer.jobs).toHaveLength(0);
    expect(voice.renders).toBe(1);
  });

  it('says the name without its legal form, and spells the symbol when the listing has no name', async () => {
    const { voice, renderer } = host();
    const asks = [voice.clip(params('MSFT', 'n'), 'ip'), voice.clip(params('NONAME', 'n'), 'ip')];
    await until(() => renderer.jobs.length === 2);
    // The two asks look their names up concurrently: either may reach the renderer first.
    const texts = renderer.jobs.map((j) => [j.job.text, j.job.maxSeconds] as const);
    expect(texts).toHaveLength(2);
    expect(texts).toEqual(
      expect.arrayContaining([
        ['Microsoft', 3],
        ['N O N eh M E', 3],
      ]),
    );
    renderer.release();
    await Promise.all(asks);
  });

  it('answers 404 for a symbol not listed and 503 while no engine can tell, rendering neither', async () => {
    const { voice, renderer } = host();
    expect(await status(voice.clip(params('ZZZZ'), 'ip'))).toBe(404);
    const down = host({
      names: {
        nameOf: async () => {
          throw new HttpError(503, 'engine_unavailable');
        },
      },
    });
    expect(await status(down.voice.clip(params('AAPL'), 'ip'))).toBe(503);
    expect(renderer.jobs.length + down.renderer.jobs.length).toBe(0);
  });

  it('serves a clip already on disk even while the engine is down', async () => {
    const { voice, renderer } = host();
    const ask = voice.clip(params('TSLA'), 'ip');
    await until(() => renderer.jobs.length === 1);
    renderer.release();
    await ask;
    const down = host({
      names: {
        nameOf: async () => {
          throw new HttpError(503, 'engine_unavailable');
        },
      },
    });
    expect((await down.voice.clip(params('TSLA'), 'ip')).bytes.toString()).toBe('mp3:T S L eh');
  });

  it('limits renders per address (cache hits do not count) and turns a full queue away', async () => {
    // RATE_LIMIT_SCALE 0.05: 3 renders a minute per address.
    const { voice, renderer } = host({ limiter: createRateLimiter({ scale: 0.05 }) });
    const first = ['AAPL', 'MSFT', 'NVDA'].map((symbol) => voice.clip(params(symbol), '10.0.0.7'));
    await until(() => renderer.jobs.length === 3);
    renderer.release();
    await Promise.all(first);
    expect(await status(voice.clip(params('TSLA'), '10.0.0.7'))).toBe(429);
    expect(await status(voice.clip(params('AAPL'), '10.0.0.7'))).toBe(200);
    const other = voice.clip(params('TSLA'), '10.0.0.8');
    await until(() => renderer.jobs.length === 1);
    renderer.release();
    expect(await status(other)).toBe(200);

    const busy = host();
    for (let i = 0; i < MAX_QUEUED_RENDERS; i++)
      busy.renderer.jobs.push({ job: {} as RenderJob, done() {}, fail() {} });
    expect(await status(busy.voice.clip(params('NVDA', 'n'), 'ip'))).toBe(503);
  });

  it('answers a retryable 503 when a render fails, and renders again on the next ask', async () => {
    const { voice, renderer } = host();
    const failing = voice.clip(params('AAPL'), 'ip');
    await until(() => renderer.jobs.length === 1);
    renderer.failNext();
    expect(await status(failing)).toBe(503);
    const retry = voice.clip(params('AAPL'), 'ip');
    await until(() => renderer.jobs.length === 1);
    renderer.release();
    expect(await status(retry)).toBe(200);
    expect(voice.renders).toBe(1);
  });

  it('renders a name clip again once it is older than its allowance; a symbol clip is kept', async () => {
    const { voice, renderer } = host();
    const asks = [voice.clip(params('AAPL', 'n'), 'ip'), voice.clip(params('AAPL', 's'), 'ip')];
    await until(() => renderer.jobs.length === 2);
    renderer.release();
    await Promise.all(asks);
    const old = new Date(Date.now() - NAME_CLIP_MAX_AGE_MS - 60_000);
    await utimes(path.join(root, 'voice1', 'n', 'AAPL.mp3'), old, old);
    await utimes(path.join(root, 'voice1', 's', 'AAPL.mp3'), old, old);
    await voice.clip(params('AAPL', 's'), 'ip');
    const renamed = voice.clip(params('AAPL', 'n'), 'ip');
    await until(() => renderer.jobs.length === 1);
    expect(renderer.jobs[0]?.job.text).toBe('Apple');
    renderer.release();
    await renamed;
    expect(voice.renders).toBe(3);
  });

  it('drops the clips of older voices (VERSION) at first use, and nothing else', async () => {
    const stale = path.join(root, 'voice2', 's', 'AAPL.mp3');
    const { voice, renderer } = host();
    const ask = voice.clip(params('AAPL', 's', 'voice2'), 'ip');
    await until(() => renderer.jobs.length === 1);
    renderer.release();
    await ask;
    await writeFile(path.join(root, 'keep.txt'), 'not a clip');

    const next = createVoiceHost({
      cache: createClipCache(root, '2'),
      names,
      renderer: heldRenderer(),
      limiter: createRateLimiter({ scale: 1 }),
      log: silentLog,
    });
    expect(await status(next.clip(params('NOPE'), 'ip'))).toBe(404);
    await expect(stat(stale)).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await readFile(path.join(root, 'VERSION'), 'utf8')).toBe('2\n');
    expect(await readFile(path.join(root, 'keep.txt'), 'utf8')).toBe('not a clip');
  });

  it('refuses to build a path from anything but a clip key', () => {
    const cache = createClipCache(root, '1');
    for (const symbol of ['..', '../x', 'A/B', '', 'a'.repeat(17), 'aapl']) {
      expect(() => cache.file({ voiceId: 'voice1', kind: 's', symbol })).toThrow(/not a clip/);
    }
    expect(() => cache.file({ voiceId: '../x' as 'voice1', kind: 's', symbol: 'A' })).toThrow(/not a clip/);
    expect(cache.file({ voiceId: 'voice1', kind: 's', symbol: 'BRK.B' })).toBe(
      path.join(root, 'voice1', 's', 'BRK.B.mp3'),
    );
  });
});
