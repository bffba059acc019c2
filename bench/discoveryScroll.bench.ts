import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type WebSocket } from '@playwright/test';
import { freePort, REPO_ROOT, spawnServer, waitUntilUp } from '../apps/server/src/test/serverProcess.ts';
import { INSTALL_PROBES, type Probe, summarize } from './dashboard/measure.ts';
import { makeSubscriber } from './dashboard/subscriber.ts';

// `npm run build && node --import tsx bench/discoveryScroll.bench.ts [-- --symbols=10000
// --share=0.1 --seconds=20 --web-dist=apps/web/dist --json]`: the Discovery pop-out in Debian's
// Chromium at 1440 × 900, live mode on, scrolled by the wheel the whole time while the server
// patches the rows every second (issue 13 "Done when": 60 fps while live mode patches rows).
// The tape prints `share` of `symbols` each second, so each patch carries about that many rows.
// Figures, not pass/fail. Written against the widget's test ids (`discovery-scroll`).
const arg = (name: string, fallback: number | string) => {
  const hit = process.argv.find((a) => a.startsWith(`--${name}=`));
  return hit
    ? typeof fallback === 'number'
      ? Number(hit.split('=')[1])
      : String(hit.split('=')[1])
    : fallback;
};
const symbols = Number(arg('symbols', 10_000));
const share = Number(arg('share', 0.1));
const seconds = Number(arg('seconds', 20));
const webDist = path.resolve(REPO_ROOT, String(arg('web-dist', 'apps/web/dist')));
// --live=0: the same scroll with live mode off (the 30 s refresh), for a baseline.
const live = Number(arg('live', 1)) !== 0;
const json = process.argv.includes('--json');

function ticker(i: number): string {
  let s = '';
  let n = i;
  for (let k = 0; k < 4; k++) {
    s = String.fromCharCode(65 + (n % 26)) + s;
    n = Math.floor(n / 26);
  }
  return `D${s}`;
}

/** `symbols` names in four sectors; each second a rotating `share` of them prints once. */
function writeTape(dir: string, startMs: number, tapeSeconds: number) {
  const refs = Array.from({ length: symbols }, (_, i) => ({
    sym: ticker(i),
    name: `${ticker(i)} Inc`,
    sector: [1, 5, 9, 13][i % 4],
    float: 5_000_000 + i * 10_000,
    shortRatio: (i % 10) / 2,
    optionable: i % 3 === 0,
    prevClose: 5 + (i % 200),
    avgVolume: 500_000 + i * 10,
    exchange: 'NASDAQ',
  }));
  const perSecond = Math.max(1, Math.round(symbols * share));
  const lines: string[] = [];
  // Second 0 prints everyone once, so every row is served from the start.
  for (let i = 0; i < symbols; i++) {
    lines.push(
      `{"type":"trade","sym":"${ticker(i)}","price":${5 + (i % 200)},"size":100,"ts":${startMs + Math.floor((i * 1000) / symbols)}}`,
    );
  }
  for (let t = 1; t <= tapeSeconds; t++) {
    for (let k = 0; k < perSecond; k++) {
      const i = (t * perSecond + k) % symbols;
      const price = Math.round((5 + (i % 200)) * (1 + Math.sin(t + i) * 0.03) * 100) / 100;
      const ts = startMs + t * 1000 + Math.floor((k * 1000) / perSecond);
      lines.push(
        `{"type":"trade","sym":"${ticker(i)}","price":${price},"size":${100 + (t % 7) * 100},"ts":${ts}}`,
      );
    }
  }
  const events = path.join(dir, 'tape.ndjson');
  const symbolsFile = path.join(dir, 'symbols.json');
  writeFileSync(events, `${lines.join('\n')}\n`);
  writeFileSync(symbolsFile, JSON.stringify(refs));
  return { events, symbols: symbolsFile };
}

const dir = mkdtempSync(path.join(tmpdir(), 'tapeline-discovery-bench-'));
// A weekday 10:00 New York: the session is open on the replay's clock.
const start = Date.UTC(2026, 10, 20, 15, 0);
const tape = writeTape(dir, start, seconds + 60);
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = spawnServer({
  NODE_ENV: 'development',
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: path.join(dir, 'data'),
  APP_URL: base,
  WEB_DIST: webDist,
  MARKET_FEED: `replay:${tape.events}`,
  MARKET_SYMBOLS: tape.symbols,
  REPLAY_SPEED: '1',
  DEV_ROUTES: 'true',
});
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  await waitUntilUp(server, `${base}/api/health`, 60_000);
  const token = await makeSubscriber(base); // Pro: Discovery opens, Pro Plus columns locked.
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  // Live mode is the browser's remembered choice (lib/discoveryLive.ts DISCOVERY_LIVE_KEY).
  await page.addInitScript(
    `localStorage.setItem('tapeline.token', ${JSON.stringify(token)});` +
      (live ? `localStorage.setItem('tapeline.discoveryLive', 'on');` : '') +
      INSTALL_PROBES,
  );
  const patches = { count: 0, rows: 0, bytes: 0 };
  page.on('websocket', (ws: WebSocket) =>
    ws.on('framereceived', ({ payload }) => {
      const text = typeof payload === 'string' ? payload : '';
      if (!text.includes('"discovery_patch"')) return;
      patches.count += 1;
      patches.bytes += text.length;
      patches.rows += (text.match(/\{"s":/g) ?? []).length;
    }),
  );
  await page.goto(`${base}/popout/discovery`);
  const scroller = page.getByTestId('discovery-scroll');
  await scroller.locator('tbody tr').nth(5).waitFor({ timeout: 60_000 });
  const box = await scroller.boundingBox();
  if (!box) throw new Error('the Discovery table has no box');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);

  const from = (await page.evaluate('performance.now()')) as number;
  const before = ((await page.evaluate('window.__probe')) as Probe).longTasks.length;
  const patchesBefore = { ...patches };
  // Wheel steps as a trader scrolls: down in bursts, back up when the bottom is reached.
  const until = Date.now() + seconds * 1000;
  let direction = 1;
  while (Date.now() < until) {
    await page.mouse.wheel(0, direction * 260);
    await page.waitForTimeout(30);
    const atEdge = (await scroller.evaluate(
      (el, down) => (down ? el.scrollTop + el.clientHeight >= el.scrollHeight - 2 : el.scrollTop <= 0),
      direction > 0,
    )) as boolean;
    if (atEdge) direction = -direction;
  }
  const to = (await page.evaluate('performance.now()')) as number;
  const figures = summarize((await page.evaluate('window.__probe')) as Probe, from, to, before);
  const heard = {
    count: patches.count - patchesBefore.count,
    rows: patches.rows - patchesBefore.rows,
    kb: (patches.bytes - patchesBefore.bytes) / 1024,
  };
  const shown = await scroller.locator('tbody tr').count();
  console.log(
    `Discovery pop-out, live mode ${live ? 'on' : 'off'}, scrolled for ${seconds} s (${symbols} symbols, ${share * 100}% print/s)`,
  );
  console.log(
    `  frames per second   ${figures.fps.toFixed(1)}   (worst second ${figures.worstSecondFps}; target 60)`,
  );
  const tasks = ((await page.evaluate('window.__probe')) as Probe).longTasks.slice(before);
  console.log(
    `  longest task        ${figures.longestTaskMs.toFixed(0)} ms   (long tasks ${figures.longTasks})`,
  );
  console.log(`  long tasks (ms)     ${tasks.map((t) => t.toFixed(0)).join(', ') || '-'}`);
  console.log(`  patches heard       ${heard.count}   (${heard.rows} rows, ${heard.kb.toFixed(0)} KB)`);
  console.log(`  table rows in DOM   ${shown}`);
  if (live && heard.count === 0)
    console.log('  NOTE: no discovery_patch arrived: is the live toggle wired into the widget?');
  if (json)
    console.log(
      JSON.stringify({
        discovery_scroll_fps: Math.round(figures.fps * 10) / 10,
        discovery_scroll_worst_second_fps: figures.worstSecondFps,
        discovery_scroll_longest_task_ms: Math.round(figures.longestTaskMs),
        discovery_scroll_patches: heard.count,
        discovery_scroll_patch_rows: heard.rows,
      }),
    );
} finally {
  await browser.close();
  server.child.kill('SIGTERM');
  await server.exited;
  rmSync(dir, { recursive: true, force: true });
}
