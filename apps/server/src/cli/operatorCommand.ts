import type { Config } from '../platform/config.ts';
import { openDatabase } from '../platform/db/client.ts';
import { sendToServer } from './channelClient.ts';
import { runCommand } from './commands.ts';
import { tryLockDataDir } from './dataDirLock.ts';
import { adminSocketPath } from './paths.ts';
import type { ChannelRequest, ChannelResponse } from './protocol.ts';

/** How long the CLI waits for a server that is starting (it holds the lock, not yet the socket). */
const WAIT_MS = 30_000;

/** Opens the database itself for one command; the caller has made sure nobody else has it open. */
async function runDirect(target: Parameters<typeof openDatabase>[0], request: ChannelRequest) {
  const database = await openDatabase(target);
  try {
    return await runCommand(database.db, request);
  } finally {
    await database.close();
  }
}

/**
 * An operator command wherever the data lives. Postgres: directly (many clients are fine). Embedded
 * PGlite: through the running server's admin socket if there is one, otherwise by opening
 * DATA_DIR itself while holding the lock — and if a server is starting up, by waiting for it.
 */
export async function runOperatorCommand(config: Config, request: ChannelRequest): Promise<ChannelResponse> {
  if (config.databaseUrl) return runDirect({ kind: 'postgres', url: config.databaseUrl }, request);
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const viaServer = await sendToServer(adminSocketPath(config.dataDir), request);
    if (viaServer) return viaServer;
    const attempt = await tryLockDataDir(config.dataDir, 'cli');
    if ('lock' in attempt) {
      try {
        return await runDirect({ kind: 'pglite', dir: `${config.dataDir}/pglite` }, request);
      } finally {
        await attempt.lock.release();
      }
    }
    if (Date.now() >= deadline) {
      const { holder, pid } = attempt.heldBy;
      throw new Error(`DATA_DIR ${config.dataDir} is held by a ${holder} (pid ${pid}) that does not answer`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
