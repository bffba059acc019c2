import { QUOTE_TOPICS } from '@tapeline/core';
import type { Bus } from '../../platform/bus/bus.ts';
import { createMemoryBus } from '../../platform/bus/memoryBus.ts';
import { createRedisBus } from '../../platform/bus/redisBus.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Config } from '../../platform/config.ts';
import type { Log } from '../../platform/log.ts';
import { startNewsSources } from '../news/ingest/runner.ts';
import { bridgeAlerts } from './engine/alertsBridge.ts';
import { type EngineService, startEngineService } from './engine/engineService.ts';
import { type EngineHost, startEngineHost } from './engine/host.ts';
import { bridgeNews } from './engine/newsBridge.ts';
import { engineSettings } from './engine/settings.ts';
import { STREAM_TOPIC } from './stream/gateway.ts';

export interface EngineNode {
  bus: Bus;
  engine: EngineHost;
  service: EngineService;
  /** Goodbye on the bus, then the engine's last checkpoint, then the bus. */
  stop(): Promise<void>;
}

/**
 * `--role=engine`: the market engine alone. No HTTP and no database, only the bus (batches
 * out, data-host queries in) and DATA_DIR for the checkpoint.
 */
export async function startEngineNode(config: Config, log: Log, clock: Clock): Promise<EngineNode> {
  const bus = config.redisUrl ? createRedisBus(config.redisUrl, config.busPrefix) : createMemoryBus();
  if (bus.kind === 'memory') {
    log.warn('engine role without REDIS_URL: no other process can receive its batches');
  }
  const market = config.marketFeed;
  // loadConfig refuses ROLE=engine with MARKET_FEED=off, and gives `remote` only to ROLE=api.
  if (market.kind !== 'feed' && market.kind !== 'manual') throw new Error('the engine role needs a feed');
  const engine = await startEngineHost(engineSettings(config.dataDir, market), log, clock);
  engine.onBatch((frame) => {
    bus
      .publish(STREAM_TOPIC, frame)
      .catch((error: Error) => log.error({ err: error }, 'batch not published'));
  });
  engine.onQuotes((json) => {
    bus
      .publish(QUOTE_TOPICS.tick, json)
      .catch((error: Error) => log.error({ err: error }, 'quote tick not published'));
  });
  const service = await startEngineService(bus, engine, log, { clock });
  const stopAlerts = await bridgeAlerts(bus, engine, log, clock);
  const stopBridge = await bridgeNews(bus, engine, log, clock);
  // News sources run beside the engine (no database here): drafts go out on the bus for the API nodes.
  const newsSources = await startNewsSources(config, bus, engine, log, { clock });
  const stopNews = async () => {
    await newsSources.stop();
    await stopBridge();
  };
  log.info({ feed: market.name, status: engine.status, bus: bus.kind }, 'market engine running alone');
  return {
    bus,
    engine,
    service,
    async stop() {
      await service.stop();
      await stopAlerts();
      await stopNews();
      await engine.stop();
      await bus.close();
    },
  };
}
