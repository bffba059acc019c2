import { BENCH_START_MS, benchArg, runBrowserBench } from './dashboard/browserBench.ts';
import { type Probe, summarize } from './dashboard/measure.ts';
import { openingBell } from './dashboard/openingBell.ts';
import { writeTape } from './dashboard/tape.ts';

// `npm run bench:dashboard [-- --rate=2000 --seconds=20 --json]`: the dashboard in Debian's
// Chromium at 1440 × 900 while the streams receive `rate` new highs and lows per second.
// `-- --open [--seconds=90]`: the real default dashboard through the simulated opening bell.
const json = process.argv.includes('--json');
const open = process.argv.includes('--open');
const rate = benchArg('rate', 2000);
const seconds = benchArg('seconds', open ? 90 : 20);

if (open) await openingBell(seconds, json);
else
  await runBrowserBench(
    { tape: (dir) => writeTape(dir, rate, seconds + 30, BENCH_START_MS) },
    async (page, base) => {
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
      console.log(
        `  frames per second   ${figures.fps.toFixed(1)}   (worst second ${figures.worstSecondFps})`,
      );
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
    },
  );
