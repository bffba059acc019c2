import { defaultChannels, type StreamChannel } from '@tapeline/core';
import { openingBell } from '@tapeline/market';
import type { FastifyInstance } from 'fastify';
import { startThread } from '../../platform/build.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Guards } from '../../platform/http/guards.ts';
import { loadRuleSet } from '../alerts/pipeline/ruleSets.ts';
import type { V1Routes } from '../apiV1/v1Routes.ts';
import { BacktestJobs } from './backtestJobs.ts';
import type { LabMessage, LabTask } from './labWorker.ts';
import { labRoutes } from './routes.ts';
import { sessionsToSeed } from './seedSessions.ts';
import { sessionBarsReader } from './sessionBarsReader.ts';
import { SessionFiles, sessionsDir } from './sessionFiles.ts';

const labThread = (task: LabTask) =>
  startThread('labWorker', new URL('./labWorker.ts', import.meta.url), { workerData: task });

/**
 * The Alert lab on an API node: routes, backtest threads, the chart's reader. On a node that runs
 * the simulator, a first start seeds simulated past sessions (sessionsToSeed) in a background
 * thread (the API serves meanwhile; the sessions list fills when it is done).
 */
export function startLab(app: FastifyInstance, ctx: AppContext, guards: Guards, v1?: V1Routes) {
  const { config } = ctx;
  const dir = sessionsDir(config.dataDir);
  const files = new SessionFiles(dir);
  const jobs = new BacktestJobs(dir, ctx.clock, labThread);
  const bars = sessionBarsReader(() => labThread({ kind: 'serve', dir }));
  labRoutes(app, guards, {
    jobs,
    files,
    bars,
    v1,
    watch: async (userId) => {
      const set = await loadRuleSet(ctx.database.db, userId);
      const [main, alt] = defaultChannels() as [StreamChannel, StreamChannel];
      return set
        ? { channels: set.channels, favorites: set.favorites }
        : { channels: { main, alt }, favorites: [] };
    },
  });
  const feed = config.marketFeed.kind === 'feed' ? config.marketFeed.feed : null;
  let seeding: ReturnType<typeof labThread> | null = null;
  if (feed?.kind === 'simulator' && config.recordSessions > 0) {
    const before =
      feed.sim.start ?? (feed.sim.clock === 'wall' ? ctx.clock.now() : openingBell(ctx.clock.now()));
    seeding = labThread({
      kind: 'seed',
      dir,
      keep: config.recordSessions,
      seed: feed.sim.seed,
      symbols: feed.sim.symbols,
      before,
      sessions: sessionsToSeed(feed.sim.symbols),
    });
    seeding.on('message', (m: LabMessage) => {
      if (m.type === 'failed') ctx.log.error({ error: m.message }, 'seeding the recorded sessions failed');
    });
    seeding.on('exit', () => {
      seeding = null;
    });
    seeding.unref();
  }
  return {
    files,
    async stop() {
      await seeding?.terminate();
      await jobs.stop();
      await bars.stop();
    },
  };
}
