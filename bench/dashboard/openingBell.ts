import { inflateRawSync } from 'node:zlib';
import { PROTOCOL_VERSION, STREAM_EVENTS } from '@tapeline/core';
import { nextSession } from '@tapeline/market';
import { io } from 'socket.io-client';
import { runBrowserBench } from './browserBench.ts';
import { longestFrames, type Probe, summarize, topScripts } from './measure.ts';

// `npm run bench:dashboard -- --open [--seconds=90] [--json]` (docs/continuity.md §8): the real
// default dashboard in Debian's Chromium at 1440 × 900 through the simulated opening bell, on the
// product's defaults (simulator, 10,000 symbols, its print rate and busy open). The simulator's
// clock starts 45 s before a bell; a socket.io client of the bench reads the stream's batch
// times and marks the bell in the page's clock; figures cover [bell, bell + seconds].

const LEAD_MS = 45_000;

export interface OpeningBellFigures {
  open_seconds: number;
  open_longest_task_ms: number;
  open_long_tasks: number;
  open_worst_second_fps: number;
  open_fps: number;
}

export async function openingBell(seconds: number, json: boolean): Promise<void> {
  const bell = nextSession(Date.now()).open;
  await runBrowserBench(
    { env: { MARKET_FEED: 'simulator', SIM_START: new Date(bell - LEAD_MS).toISOString() } },
    async (page, base) => {
      await page.goto(`${base}/dashboard`);
      const token = (await page.evaluate("localStorage.getItem('tapeline.token')")) as string;
      const socket = io(base, { auth: { token }, transports: ['websocket'], reconnection: false });
      const rang = new Promise<void>((resolve) => {
        socket.on(STREAM_EVENTS.update, (bytes: ArrayBuffer | Buffer) => {
          const { ts } = JSON.parse(inflateRawSync(Buffer.from(bytes as ArrayBuffer)).toString()) as {
            ts: number;
          };
          if (ts >= bell) resolve();
        });
      });
      await socket.timeout(10_000).emitWithAck(STREAM_EVENTS.subscribe, { v: PROTOCOL_VERSION });
      await rang;
      socket.close();
      const from = (await page.evaluate('performance.now()')) as number;
      const before = ((await page.evaluate('window.__probe')) as Probe).longTasks.length;
      await page.waitForTimeout(seconds * 1000);
      const to = (await page.evaluate('performance.now()')) as number;
      const probe = (await page.evaluate('window.__probe')) as Probe;
      const figures = summarize(probe, from, to, before);
      const rows = await page.getByRole('table', { name: 'High stream' }).first().locator('tbody tr').count();
      console.log(
        `default dashboard through the simulated opening bell, ${seconds} s (1440×900, Debian Chromium)`,
      );
      console.log(`  longest task        ${figures.longestTaskMs.toFixed(0)} ms   (target ≤ 50 ms)`);
      console.log(`  long tasks (>50 ms) ${figures.longTasks}`);
      console.log(
        `  frames per second   ${figures.fps.toFixed(1)}   (worst second ${figures.worstSecondFps}, target ≥ 30)`,
      );
      console.log(`  rows in Main High   ${rows}`);
      for (const s of topScripts(probe, from, to)) console.log(`  long-frame script   ${s.ms} ms  ${s.name}`);
      for (const f of longestFrames(probe, from, to))
        console.log(`  long frame at +${f.at} s  ${f.ms} ms  ${f.script}`);
      if (json) {
        const out: OpeningBellFigures = {
          open_seconds: seconds,
          open_longest_task_ms: Math.round(figures.longestTaskMs),
          open_long_tasks: figures.longTasks,
          open_worst_second_fps: figures.worstSecondFps,
          open_fps: Math.round(figures.fps * 10) / 10,
        };
        console.log(JSON.stringify(out));
      }
    },
  );
}
