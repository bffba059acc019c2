import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { freePort, spawnServer, waitUntilUp } from '../apps/server/src/test/serverProcess.ts';
import { INSTALL_PROBES, type Probe, summarize } from './dashboard/measure.ts';
import { makeSubscriber } from './dashboard/subscriber.ts';
import { writeTape } from './dashboard/tape.ts';

// `npm run bench:dashboard [-- --rate=2000 --seconds=20 --json]`: the dashboard in Debian's
// Chromium at 1440 × 900 while the streams receive `rate` new highs and lows per second.
const arg = (name: string, fallback: number) => {
  const hit = process.argv.find((a) => a.startsWith(`--${name}=`));
  return hit ? Number(hit.split('=')[1]) : fallback;
};
const rate = arg('rate', 2000);
const seconds = arg('seconds', 20);
const json = process.argv.includes('--json');

const dir = mkdtempSync(path.join(tmpdir(), 'tapeline-ui-bench-'));
// A weekday 10:00 New York: the session is open on the replay's clock.
const start = Date.UTC(2026, 10, 20, 15, 0);
const tape = writeTape(dir, rate, seconds + 30, start);
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = spawnServer({
  NODE_ENV: 'development',
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: path.join(dir, 'data'),
  APP_URL: base,
  MARKET_FEED: `replay:${tape.events}`,
  MARKET_SYMBOLS: tape.symbols,
  REPLAY_SPEED: '1',
  // The subscriber helper reads its verification link from the loopback-only dev outbox route.
  DEV_ROUTES: 'true',
});
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  await waitUntilUp(server, `${base}/api/health`, 60_000);
  const token = await makeSubscriber(base);
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.addInitScript(
    `localStorage.setItem('tapeline.token', ${JSON.stringify(token)});${INSTALL_PROBES}`,
  );
  await page.goto(`${base}/dashboard`);
  await page
    .getByRole('table', { name: 'High stream' })
    .first()
    .locator('tbody tr')
    .first()
    .waitFor({ timeout: 30_000 });
  const from = (await page.evaluate('performance.now()')) as number;
  const before = ((await page.evaluate('window.__probe')) as Probe).longTasks.length;
  await page.waitForTimeout(seconds * 1000);
  const to = (await page.evaluate('performance.now()')) as number;
  const figures = summarize((await page.evaluate('window.__probe')) as Probe, from, to, before);
  const rows = await page.getByRole('table', { name: 'High stream' }).first().locator('tbody tr').count();
  console.log(`dashboard under ${rate} stream events/s for ${seconds} s (1440×900, Debian Chromium)`);
  console.log(`  longest task        ${figures.longestTaskMs.toFixed(0)} ms   (target ≤ 50 ms)`);
  console.log(`  long tasks (>50 ms) ${figures.longTasks}`);
  console.log(`  frames per second   ${figures.fps.toFixed(1)}   (worst second ${figures.worstSecondFps})`);
  console.log(`  rows in Main High   ${rows}`);
  if (json)
    console.log(
      JSON.stringify({
        ui_events_per_s: rate,
        ui_longest_task_ms: Math.round(figures.longestTaskMs),
        ui_long_tasks: figures.longTasks,
        ui_fps: Math.round(figures.fps * 10) / 10,
        ui_worst_second_fps: figures.worstSecondFps,
      }),
    );
} finally {
  await browser.close();
  server.child.kill('SIGTERM');
  await server.exited;
  rmSync(dir, { recursive: true, force: true });
}
