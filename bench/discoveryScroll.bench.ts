import path from 'node:path';
import type { WebSocket } from '@playwright/test';
import { REPO_ROOT } from '../apps/server/src/test/serverProcess.ts';
import { BENCH_START_MS, benchArg, runBrowserBench } from './dashboard/browserBench.ts';
import { type Probe, summarize } from './dashboard/measure.ts';
import { saveTape, ticker } from './dashboard/tape.ts';

// `npm run build && node --import tsx bench/discoveryScroll.bench.ts [-- --symbols=10000
// --share=0.1 --seconds=20 --web-dist=apps/web/dist --json]`: the Discovery pop-out in Debian's
// Chromium at 1440 × 900, live mode on, scrolled by the wheel the whole time while the server
// patches the rows every second (issue 13 "Done when": 60 fps while live mode patches rows).
// The tape prints `share` of `symbols` each second, so each patch carries about that many rows.
// Figures, not pass/fail. Written against the widget's test ids (`discovery-scroll`).
const symbols = benchArg('symbols', 10_000);
const share = benchArg('share', 0.1);
const seconds = benchArg('seconds', 20);
const webDist = path.resolve(REPO_ROOT, benchArg('web-dist', 'apps/web/dist'));
// --live=0: the same scroll with live mode off (the 30 s refresh), for a baseline.
const live = benchArg('live', 1) !== 0;
const json = process.argv.includes('--json');
const tickerOf = (i: number) => ticker(i, 'D');

/** `symbols` names in four sectors; each second a rotating `share` of them prints once. */
function writeTape(dir: string, startMs: number, tapeSeconds: number) {
  const refs = Array.from({ length: symbols }, (_, i) => ({
    sym: tickerOf(i),
    name: `${tickerOf(i)} Inc`,
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
      `{"type":"trade","sym":"${tickerOf(i)}","price":${5 + (i % 200)},"size":100,"ts":${startMs + Math.floor((i * 1000) / symbols)}}`,
    );
  }
  for (let t = 1; t <= tapeSeconds; t++) {
    for (let k = 0; k < perSecond; k++) {
      const i = (t * perSecond + k) % symbols;
      const price = Math.round((5 + (i % 200)) * (1 + Math.sin(t + i) * 0.03) * 100) / 100;
      const ts = startMs + t * 1000 + Math.floor((k * 1000) / perSecond);
      lines.push(
        `{"type":"trade","sym":"${tickerOf(i)}","price":${price},"size":${100 + (t % 7) * 100},"ts":${ts}}`,
      );
    }
  }
  return saveTape(dir, lines, refs);
}

const bench = {
  tape: (dir: string) => writeTape(dir, BENCH_START_MS, seconds + 60),
  env: { WEB_DIST: webDist },
  // Live mode is the browser's remembered choice (apps/web/src/features/discovery/live/discoveryLive.ts DISCOVERY_LIVE_KEY).
  initScript: live ? `localStorage.setItem('tapeline.discoveryLive', 'on');` : '',
};
// A Pro subscriber: Discovery opens, the Pro Plus columns are locked.
await runBrowserBench(bench, async (page, base) => {
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
});
