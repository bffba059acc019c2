import { type ServerProcess, spawnServer } from '../../../test/serverProcess.ts';

/** The simulator's symbols in an engine process a test starts. */
export const SIM_SYMBOLS = 300;

/**
 * A real `--role=engine` process on the simulator with a small, quick tape (new highs within the
 * first second of the open), on the given Redis, bus prefix and DATA_DIR.
 */
export function spawnSimEngine(env: {
  REDIS_URL: string;
  BUS_PREFIX: string;
  DATA_DIR: string;
  ENGINE_CHECKPOINT_MS?: string;
  ENGINE_HEALTH_PORT?: string;
}): ServerProcess {
  return spawnServer(
    {
      ...env,
      LOG_LEVEL: 'info',
      MARKET_FEED: 'simulator',
      SIM_SYMBOLS: String(SIM_SYMBOLS),
      SIM_SPEED: '10',
      SIM_TRADE_RATE: '300',
    },
    ['--role=engine'],
  );
}
