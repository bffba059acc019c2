import { randomBytes } from 'node:crypto';
import { QUOTE_TOPICS } from '@tapeline/core';
import { Redis } from 'ioredis';
import type { Bus } from '../../platform/bus/bus.ts';
import { createMemoryBus } from '../../platform/bus/memoryBus.ts';
import { createRedisBus } from '../../platform/bus/redisBus.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Config } from '../../platform/config.ts';
import { createLeaderLease, type LeaderLease } from '../../platform/leaderLease.ts';
import type { Log } from '../../platform/log.ts';
import { closeRedis, createRedisWatch, type RedisWatch } from '../../platform/redisWatch.ts';
import { startNewsSources } from '../news/ingest/runner.ts';
import { bridgeAlerts } from './engine/alertsBridge.ts';
import { type EngineService, startEngineService } from './engine/engineService.ts';
import { type EngineHost, startEngineHost } from './engine/host.ts';
import { bridgeNews } from './engine/newsBridge.ts';
import { type EngineFeed, engineSettings } from './engine/settings.ts';
import { STREAM_TOPIC } from './stream/gateway.ts';

/** What runs while this process leads: the engine thread and everything around it. */
interface Leading {
  engine: EngineHost;
  service: EngineService;
  stop(): Promise<void>;
}

export interface EngineNode {
  bus: Bus;
  /** Whether every Redis connection is up (always true without Redis). */
  redisWatch: RedisWatch;
  /** The engine thread while this process leads; null while it stands by. */
  readonly engine: EngineHost | null;
  /** Resolves once this process leads (at once without Redis). */
  leading: Promise<void>;
  /** Goodbye on the bus, the engine's last checkpoint, then the lease is given up, then the bus. */
  stop(): Promise<void>;
}

/** The lease's key, beside the bus's topics under BUS_PREFIX. */
export const leaderKey = (busPrefix: string): string => `${busPrefix}engine:leader`;

/** Starts the engine and what runs beside it: it publishes, answers queries, checkpoints. */
async function lead(
  config: Config,
  market: EngineFeed,
  bus: Bus,
  log: Log,
  clock: Clock,
  epoch: number | undefined,
): Promise<Leading> {
  const settings = engineSettings(config.dataDir, market, {
    checkpointMs: config.engineCheckpointMs,
    recordSessions: config.recordSessions,
  });
  const engine = await startEngineHost(epoch === undefined ? settings : { ...settings, epoch }, log, clock);
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
  log.info({ feed: market.name, status: engine.status, bus: bus.kind, epoch }, 'market engine running alone');
  return {
    engine,
    service,
    async stop() {
      await service.stop();
      await stopAlerts();
      await newsSources.stop();
      await stopBridge();
      await engine.stop();
    },
  };
}

/**
 * `--role=engine`: the market engine alone. No HTTP and no database, only the bus (batches
 * out, data-host queries in) and DATA_DIR for the checkpoint. With Redis, one engine leads by a
 * lease (platform/leaderLease.ts): another started beside it stands by, connected, and takes
 * over from the last checkpoint (a DATA_DIR both share) within seconds of the leader's death,
 * with a new epoch that the gateways fence the old one out by.
 */
export async function startEngineNode(config: Config, log: Log, clock: Clock): Promise<EngineNode> {
  const redisWatch = createRedisWatch(log);
  const bus = config.redisUrl
    ? createRedisBus(config.redisUrl, config.busPrefix, redisWatch)
    : createMemoryBus();
  if (bus.kind === 'memory') {
    log.warn('engine role without REDIS_URL: no other process can receive its batches');
  }
  const market = config.marketFeed;
  // loadConfig refuses ROLE=engine with MARKET_FEED=off, and gives `remote` only to ROLE=api.
  if (market.kind !== 'feed' && market.kind !== 'manual') throw new Error('the engine role needs a feed');

  let current: Leading | null = null;
  let stopped = false;
  let lease: LeaderLease | null = null;
  let leaseRedis: Redis | null = null;
  let leading: Promise<void>;
  if (!config.redisUrl) {
    current = await lead(config, market, bus, log, clock, undefined);
    leading = Promise.resolve();
  } else {
    leaseRedis = redisWatch.add('leader lease', new Redis(config.redisUrl, { maxRetriesPerRequest: 1 }));
    const id = `${process.pid}-${randomBytes(4).toString('hex')}`;
    const held = createLeaderLease({ redis: leaseRedis, key: leaderKey(config.busPrefix), id, clock, log });
    lease = held;
    let led = () => {};
    leading = new Promise<void>((resolve) => {
      led = resolve;
    });
    log.info({ id }, 'market engine standing by for the leader lease');
    const run = async () => {
      while (!stopped) {
        const epoch = await held.acquire();
        if (stopped) return;
        current = await lead(config, market, bus, log, clock, epoch);
        led();
        await held.lost();
        const deposed = current;
        current = null;
        // Another engine leads now (or we stop): this one stops publishing at once.
        await deposed?.stop();
        if (!stopped) log.warn({ epoch }, 'market engine deposed; standing by again');
      }
    };
    void run().catch((error: Error) => {
      if (!stopped) log.error({ err: error }, 'market engine leadership failed');
    });
  }
  return {
    bus,
    redisWatch,
    get engine() {
      return current?.engine ?? null;
    },
    leading,
    async stop() {
      stopped = true;
      const running = current;
      current = null;
      // The last checkpoint first, then the lease: a standby taking over restores that checkpoint.
      await running?.stop();
      await lease?.close();
      if (leaseRedis) await closeRedis(leaseRedis);
      await bus.close();
    },
  };
}
