import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, chromium, type Page } from '@playwright/test';
import { freePort, spawnServer, waitUntilUp } from '../../apps/server/src/test/serverProcess.ts';
import { INSTALL_PROBES } from './measure.ts';
import { makeSubscriber } from './subscriber.ts';
import type { Tape } from './tape.ts';

// The frame of every browser bench: a replay tape on a throwaway server, Debian's Chromium at
// 1440 × 900, a new Pro subscriber signed in, the frame probes installed; torn down afterwards.

export { benchArg } from '../benchArg.ts';

/** A weekday 10:00 New York: the session is open on the replay's clock. */
export const BENCH_START_MS = Date.UTC(2026, 10, 20, 15, 0);

export interface BrowserBench {
  /** Writes the replay tape into the bench's temporary folder; none: `env` names the feed. */
  tape?: (dir: string) => Tape;
  /** More server environment (WEB_DIST, …). */
  env?: Record<string, string>;
  /** Script run in the page before the app (after the token is stored). */
  initScript?: string;
}

export async function runBrowserBench(
  bench: BrowserBench,
  body: (page: Page, base: string, browser: Browser) => Promise<void>,
): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'tapeline-browser-bench-'));
  const tape = bench.tape?.(dir);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawnServer({
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: path.join(dir, 'data'),
    APP_URL: base,
    ...(tape
      ? { MARKET_FEED: `replay:${tape.events}`, MARKET_SYMBOLS: tape.symbols, REPLAY_SPEED: '1' }
      : {}),
    // The subscriber helper reads its verification link from the loopback-only dev outbox route.
    DEV_ROUTES: 'true',
    // A build elsewhere (to compare two builds) instead of apps/web/dist.
    ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
    ...bench.env,
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    // A loaded, shared machine can take minutes to start the server and its simulator.
    await waitUntilUp(server, `${base}/api/health`, 240_000);
    const token = await makeSubscriber(base);
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.addInitScript(
      `localStorage.setItem('tapeline.token', ${JSON.stringify(token)});${bench.initScript ?? ''}${INSTALL_PROBES}`,
    );
    await body(page, base, browser);
  } finally {
    await browser.close();
    server.child.kill('SIGTERM');
    await server.exited;
    rmSync(dir, { recursive: true, force: true });
  }
}
