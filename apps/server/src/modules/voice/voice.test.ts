import { mkdtempSync, writeFileSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { configResponseSchema, defaultConfig, VOICE_IDS, voiceMessages } from '@tapeline/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedSubscriber } from '../../test/factories.ts';
import { withApp } from '../../test/withApp.ts';
import { readMp3 } from './testing/mp3Frames.ts';

// The simulator lists SPY, QQQ and DIA (with their fund names) and the first real listed companies (AAPL, MSFT, …);
// its tickers have at most five letters, so a six-letter one is well-formed and never listed.
const app = withApp({
  mail: 'outbox',
  env: { MARKET_FEED: 'simulator', SIM_SYMBOLS: '12', SIM_TRADE_RATE: '20' },
});
const UNLISTED = 'XQZJWV';

interface Clip {
  status: number;
  headers: Headers;
  bytes: Buffer;
  text: string;
}

async function clip(url: string, headers: Record<string, string> = {}): Promise<Clip> {
  const response = await fetch(`${app.baseUrl}${url}`, { headers });
  const bytes = Buffer.from(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, bytes, text: bytes.toString('utf8') };
}

/** A request exactly as written: no client normalizes `..` or encoded slashes away first. */
function raw(pathname: string): Promise<{ status: number; type: string; body: string }> {
  const { port } = new URL(app.baseUrl);
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: pathname }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            type: String(response.headers['content-type'] ?? ''),
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      })
      .on('error', reject);
  });
}

const voiceDir = () => path.join(app.ctx.config.dataDir, 'voice');
const voiceModule = () => {
  const voice = app.app.voice;
  if (!voice) throw new Error('this app serves no voice clips');
  return voice;
};
const host = () => voiceModule().host;

/** Every file under a directory, with its size and modification time. */
async function tree(dir: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const info = await stat(file);
    out.set(path.relative(dir, file), `${info.size}:${info.mtimeMs}`);
  }
  return out;
}

beforeAll(async () => {
  // The simulator's engine thread loads its listing at start; wait until it answers.
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const json = await app.app.market.source.query({ kind: 'names' }).catch(() => '[]');
    if ((JSON.parse(json) as unknown[]).length > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the simulator listed nothing');
});

describe('GET /voice/:symbol/:clip (real synthesis)', () => {
  const symbolClips = new Map<string, Buffer>();

  it('speaks the symbol in each of the five voices as a mono MP3 of at most 2 s, each voice its own', async () => {
    for (const voiceId of VOICE_IDS) {
      const res = await clip(`/voice/SPY/${voiceId}-s.mp3`);
      expect(res.status, res.text.slice(0, 200)).toBe(200);
      expect(res.headers.get('content-type')).toBe('audio/mpeg');
      expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
      expect(res.headers.get('etag')).toMatch(/^"[\w-]+"$/);
      expect(Date.parse(res.headers.get('last-modified') ?? '')).not.toBeNaN();
      expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
      const mp3 = readMp3(res.bytes);
      expect(mp3.strayBytes).toBe(0);
      expect(mp3.mono).toBe(true);
      expect([...mp3.sampleRates]).toEqual([22_050]);
      expect([...mp3.bitratesKbps]).toEqual([48]);
      expect(mp3.seconds).toBeGreaterThan(0.3);
      expect(mp3.seconds).toBeLessThanOrEqual(2);
      symbolClips.set(voiceId, res.bytes);
    }
    const distinct = new Set([...symbolClips.values()].map((bytes) => bytes.toString('base64')));
    expect(distinct.size).toBe(VOICE_IDS.length);
    expect(host().renders).toBe(VOICE_IDS.length);
  });

  it('speaks the company name within 3 s, and it is not the symbol clip', async () => {
    const res = await clip('/voice/SPY/voice1-n.mp3');
    expect(res.status).toBe(200);
    const name = readMp3(res.bytes);
    expect(name.strayBytes).toBe(0);
    expect(name.seconds).toBeLessThanOrEqual(3);
    // "SPDR S&P 500 ETF Trust" takes longer to say than "S P Y".
    expect(name.seconds).toBeGreaterThan(readMp3(symbolClips.get('voice1') as Buffer).seconds);
    expect(res.bytes.equals(symbolClips.get('voice1') as Buffer)).toBe(false);
  });

  it('renders a clip once: it is kept on disk and served from there, with 304 for a fresh copy', async () => {
    const file = path.join(voiceDir(), 'voice3', 's', 'SPY.mp3');
    expect((await stat(file)).isFile()).toBe(true);
    const before = host().renders;
    const again = await clip('/voice/spy/voice3-s.mp3');
    expect(again.status).toBe(200);
    expect(again.bytes.equals(symbolClips.get('voice3') as Buffer)).toBe(true);
    expect(host().renders).toBe(before);

    const etag = again.headers.get('etag') ?? '';
    expect((await clip('/voice/SPY/voice3-s.mp3', { 'if-none-match': etag })).status).toBe(304);
    const modified = again.headers.get('last-modified') ?? '';
    expect((await clip('/voice/SPY/voice3-s.mp3', { 'if-modified-since': modified })).status).toBe(304);
    expect(host().renders).toBe(before);
  });

  it('renders a clip asked for by many at once only once', async () => {
    const before = host().renders;
    const answers = await Promise.all(Array.from({ length: 6 }, () => clip('/voice/QQQ/voice2-s.mp3')));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.bytes.toString('base64'))).size).toBe(1);
    expect(host().renders).toBe(before + 1);
  });

  it("renders a trader's watched symbols ahead: the first request of each is served from disk", async () => {
    const { token, user } = await seedSubscriber(app, 'standard');
    const call = (url: string, body: unknown) => app.call('POST', url, { token, body });
    // voice4 names: no other test asks for them, so nothing of these is on disk yet.
    const files = ['AAPL', 'MSFT'].map((symbol) => path.join(voiceDir(), 'voice4', 'n', `${symbol}.mp3`));
    for (const file of files) await expect(stat(file)).rejects.toThrow();
    const config = {
      ...defaultConfig(),
      voiceNoti: [{ zone: 'primary_high', voice: 'voice4', type: 'name' }],
    };
    expect((await call('/api/settings/config', { config })).status).toBe(200);
    expect((await call('/api/quotes', { adds: ['AAPL'], deletes: [] })).status).toBe(200);
    expect((await call('/api/alerts', { category: 'MSFT', type: 'trade' })).status).toBe(200);
    await voiceModule().warmer.settled();
    for (const file of files) expect((await stat(file)).isFile()).toBe(true);

    const before = host().renders;
    for (const symbol of ['AAPL', 'MSFT']) {
      expect((await clip(`/voice/${symbol}/voice4-n.mp3`)).status).toBe(200);
    }
    expect(host().renders).toBe(before);
    // Told again (a reconnect, another change): what is on disk is not rendered again.
    voiceModule().warmer.warm(user.id, 'change');
    await voiceModule().warmer.settled();
    expect(host().renders).toBe(before);
  });

  it('answers 404 for a well-formed symbol that is not listed, and writes nothing', async () => {
    const before = await tree(voiceDir());
    for (const kind of ['s', 'n']) {
      const res = await clip(`/voice/${UNLISTED}/voice1-${kind}.mp3`);
      expect(res.status).toBe(404);
      expect(JSON.parse(res.text)).toEqual({
        error: 'not_found',
        message: voiceMessages.unknownSymbol(UNLISTED),
      });
    }
    expect(await tree(voiceDir())).toEqual(before);
  });

  it('answers 400 naming the problem for a clip name or symbol out of the pattern', async () => {
    for (const name of [
      'voice0-s.mp3',
      'voice6-s.mp3',
      'voice1-x.mp3',
      'voice1-s.wav',
      'voice1.mp3',
      'VOICE1-S.MP3',
    ]) {
      const res = await clip(`/voice/SPY/${name}`);
      expect(res.status, name).toBe(400);
      expect(JSON.parse(res.text)).toEqual({ error: 'bad_request', message: voiceMessages.badClip });
    }
    for (const symbol of ['S%20P%20Y', '%24%24%24', 'ZVZZT', 'A'.repeat(40), 'SPY.', '1SPY']) {
      const res = await clip(`/voice/${symbol}/voice1-s.mp3`);
      expect(res.status, symbol).toBe(400);
      expect(JSON.parse(res.text)).toMatchObject({
        error: 'bad_request',
        message: expect.stringMatching(/is not a valid symbol$/),
      });
    }
  });

  it('never reads or writes outside its cache, whatever the path', async () => {
    const dataDir = app.ctx.config.dataDir;
    const outside = async () => {
      const all = await tree(dataDir);
      // The engine thread writes its checkpoint and the Alert lab's recording on its own clock.
      const own = ['voice', 'engine', 'sessions'].map((dir) => `${dir}${path.sep}`);
      for (const key of all.keys()) if (own.some((dir) => key.startsWith(dir))) all.delete(key);
      return all;
    };
    const before = await outside();
    const rendersBefore = host().renders;
    const attempts = [
      '/voice/..%2f..%2fsecrets%2fjwt_secret/voice1-s.mp3',
      '/voice/..%2F..%2F..%2Fetc%2Fpasswd/voice1-s.mp3',
      '/voice/%2e%2e/voice1-s.mp3',
      '/voice/../voice1-s.mp3',
      '/voice/SPY/..%2fvoice1-s.mp3',
      '/voice/SPY/..%2f..%2fVERSION',
      '/voice/SPY%2fvoice1/s.mp3',
      '/voice/SPY/voice1-s.mp3%2f..%2f..%2fVERSION',
      '/voice/SPY/voice1-s.mp3%00',
      '/voice/%252e%252e%252f/voice1-s.mp3',
      '/voice/SPY/voice1-s.mp3/extra',
      '/voice/voice1/s/SPY.mp3',
    ];
    for (const attempt of attempts) {
      const res = await raw(attempt);
      expect([400, 404], `${attempt} → ${res.status} ${res.body.slice(0, 80)}`).toContain(res.status);
      expect(res.type, attempt).toMatch(/^application\/json/);
    }
    expect(host().renders).toBe(rendersBefore);
    expect(await outside()).toEqual(before);
    for (const file of (await tree(voiceDir())).keys()) {
      expect(file).toMatch(/^(VERSION|voice[1-5]\/[ns]\/[A-Z0-9.-]+\.mp3)$/);
    }
  });

  it('tells the web to fetch clips from this server', async () => {
    const config = configResponseSchema.parse((await app.call('GET', '/api/config')).body);
    expect(config.voiceHost).toBe('/voice');
  });
});

describe('voice clips without a market engine', () => {
  const bare = withApp({ mail: 'outbox', env: { MARKET_FEED: 'off' } });

  it('answers a retryable 503 for a clip it cannot check, and renders nothing', async () => {
    const res = await fetch(`${bare.baseUrl}/voice/SPY/voice1-s.mp3`);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(await res.json()).toMatchObject({ error: 'engine_unavailable' });
    expect(bare.app.voice?.host.renders).toBe(0);
  });
});

describe('VOICE_HOST set', () => {
  // A web build, so that the SPA fallback is there to (not) swallow /voice paths.
  const web = mkdtempSync(path.join(tmpdir(), 'tapeline-voice-web-'));
  writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>app</title>');
  const other = withApp({
    mail: 'outbox',
    env: { VOICE_HOST: 'https://voice.example.com/clips/', WEB_DIST: web },
  });

  it('serves no clips, points the web at that host and lets the page play media from it', async () => {
    expect(other.app.voice).toBeNull();
    expect((await fetch(`${other.baseUrl}/some/page`, { headers: { accept: 'text/html' } })).status).toBe(
      200,
    );
    const res = await fetch(`${other.baseUrl}/voice/SPY/voice1-s.mp3`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const config = configResponseSchema.parse((await other.call('GET', '/api/config')).body);
    expect(config.voiceHost).toBe('https://voice.example.com/clips');
    const csp = (await other.call('GET', '/api/config')).headers.get('content-security-policy') ?? '';
    expect(csp).toContain("media-src 'self' https://voice.example.com");
  });
});
