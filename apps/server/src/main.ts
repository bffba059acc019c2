import { buildApp, createAppContext } from './app.ts';
import { startAdminChannel } from './cli/adminChannel.ts';
import { lockDataDir } from './cli/dataDirLock.ts';
import { startEngineNode } from './modules/market/engineNode.ts';
import { systemClock } from './platform/clock.ts';
import { argsToEnv, type Config, ConfigError, loadConfig } from './platform/config.ts';
import { closeContext } from './platform/context.ts';
import { secureDataDir } from './platform/dataDir.ts';
import { createHealth } from './platform/health.ts';
import { createLogger, type Log, pinoLog } from './platform/log.ts';
import { startMetricsServer, watch } from './platform/metrics.ts';

/** Exits on the first signal after `stop`, or by force if stopping hangs. */
function onSignals(log: Log, stop: () => Promise<void>): void {
  let stopping = false;
  const handle = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      log.error('shutdown took over 10 s; exiting');
      process.exit(1);
    }, 10_000);
    try {
      await stop();
      clearTimeout(force);
      log.info('stopped cleanly');
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void handle('SIGTERM'));
  process.on('SIGINT', () => void handle('SIGINT'));
}

/** `--role=engine`: the market engine alone; no public HTTP, no database. */
async function runEngine(config: Config): Promise<void> {
  const log = pinoLog(createLogger(config.logLevel));
  const node = await startEngineNode(config, log, systemClock);
  // The engine thread runs only while this process leads; a standby answers no status (not ready).
  const engine = {
    query: (query: { kind: 'status' }, timeoutMs?: number) =>
      node.engine ? node.engine.query(query, timeoutMs) : Promise.reject(new Error('standing by')),
  };
  watch.engine(engine);
  // ENGINE_HEALTH_PORT: its liveness, readiness (the engine answers, the feed moves) and metrics.
  const health = createHealth({
    clock: systemClock,
    log: log.child({ module: 'health' }),
    engine,
    watchFeed: config.marketFeed.kind === 'feed',
  });
  const port = config.engineHealthPort
    ? await startMetricsServer({
        port: config.engineHealthPort,
        host: config.metrics?.host ?? '127.0.0.1',
        token: undefined,
        log,
        routes: {
          '/health/live': async () => ({ status: 200, body: { ok: true } }),
          '/health/ready': async () => {
            const answer = await health.ready();
            return { status: answer.ready ? 200 : 503, body: answer };
          },
        },
      })
    : null;
  // Stopping checkpoints the engine, so a restart resumes the session without false highs.
  onSignals(log, async () => {
    await port?.close();
    await node.stop();
  });
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig({ ...process.env, ...argsToEnv(process.argv.slice(2)) });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78);
    }
    throw error;
  }
  // Owner-only before anything is written there: the database, secrets and admin socket.
  await secureDataDir(config.dataDir);
  if (config.role === 'engine') return runEngine(config);
  // Embedded PGlite: hold DATA_DIR for our lifetime (a CLI command may briefly have it; wait).
  const dataDirLock = config.databaseUrl ? null : await lockDataDir(config.dataDir, 'server', 30_000);
  const ctx = await createAppContext(config);
  const { http, drain } = await buildApp(ctx);
  // The CLI's local-only way in while we hold the embedded database (Unix socket, never TCP).
  const adminChannel = dataDirLock ? await startAdminChannel(config.dataDir, ctx.database.db, ctx.log) : null;
  await http.listen({ port: config.port, host: config.host });
  const metricsPort = config.metrics ? await startMetricsServer({ ...config.metrics, log: ctx.log }) : null;
  ctx.log.info(
    { url: config.appUrl, role: config.role, database: ctx.database.driver, mail: ctx.mailer.kind },
    `Tapeline is running at ${config.appUrl}`,
  );

  // Finishing in-flight requests first (keep-alive connections told to close, a grace, then
  // every connection closed), then the modules, then the database.
  onSignals(ctx.log, async () => {
    await metricsPort?.close();
    await adminChannel?.close();
    await drain.drain();
    await http.close();
    await closeContext(ctx);
    await dataDirLock?.release();
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
