import { buildApp } from './app.ts';
import { startAdminChannel } from './cli/adminChannel.ts';
import { lockDataDir } from './cli/dataDirLock.ts';
import { ConfigError, loadConfig } from './platform/config.ts';
import { closeContext, createContext } from './platform/context.ts';

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78);
    }
    throw error;
  }
  // Embedded PGlite: hold DATA_DIR for our lifetime (a CLI command may briefly have it; wait).
  const dataDirLock = config.databaseUrl ? null : await lockDataDir(config.dataDir, 'server', 30_000);
  const ctx = await createContext(config);
  const { http } = await buildApp(ctx);
  // The CLI's local-only way in while we hold the embedded database (Unix socket, never TCP).
  const adminChannel = dataDirLock ? await startAdminChannel(config.dataDir, ctx.database.db, ctx.log) : null;
  await http.listen({ port: config.port, host: config.host });
  ctx.log.info(
    { url: config.appUrl, database: ctx.database.driver, mail: ctx.mailer.kind },
    `Tapeline is running at ${config.appUrl}`,
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    ctx.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      ctx.log.error('shutdown took over 10 s; exiting');
      process.exit(1);
    }, 10_000);
    try {
      await adminChannel?.close();
      await http.close();
      await closeContext(ctx);
      await dataDirLock?.release();
      clearTimeout(force);
      ctx.log.info('stopped cleanly');
      process.exit(0);
    } catch (error) {
      ctx.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
