import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { type AccessTokens, createAccessTokens } from './auth/accessTokens.ts';
import { createGoogleVerifier, type GoogleVerifier } from './auth/google.ts';
import type { Bus } from './bus/bus.ts';
import { createMemoryBus } from './bus/memoryBus.ts';
import { createRedisBus } from './bus/redisBus.ts';
import { type Clock, systemClock } from './clock.ts';
import type { Config } from './config.ts';
import { type Database, openDatabase } from './db/client.ts';
import { createLogger, type Log, pinoLog } from './log.ts';
import { createOutboxMailer, createSmtpMailer, type Mailer } from './mail/mailer.ts';
import { createRateLimiter, type RateLimiter } from './rateLimit.ts';
import { closeRedis, createRedisWatch, type RedisWatch } from './redisWatch.ts';
import { loadOrCreateSecret } from './secrets.ts';

/** What platform/ builds at start-up (createContext): configuration, storage, mail, tokens, bus. */
export interface PlatformContext {
  config: Config;
  database: Database;
  mailer: Mailer;
  tokens: AccessTokens;
  /** Short-lived tokens for the data host (`/data`), from POST /api/auth/ds/login. */
  dataTokens: AccessTokens;
  limiter: RateLimiter;
  clock: Clock;
  google: GoogleVerifier | null;
  log: Log;
  /** The pino logger under `log`: Fastify logs requests to it (app.ts), nothing else does. */
  requestLogger: FastifyBaseLogger;
  redis: Redis | null;
  /**
   * Whether every Redis connection of this process is up (always, without Redis): the
   * readiness signal (chat refuses posts while it is false; a health route may read it).
   */
  redisWatch: RedisWatch;
  /** Engine batches to gateways: in-process, or Redis across nodes. */
  bus: Bus;
}

/**
 * Services a module owns and others use (the billing provider), built at the composition root
 * (app.ts `createAppContext`). platform/ imports nothing from modules/, so each module adds its
 * service's type here from its own folder, as Fastify plugins do with `declare module`:
 * `modules/billing/providers/index.ts` declares `billing`.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by the modules' `declare module` blocks.
export interface ModuleServices {}

/** Everything a module needs, built once at start-up; modules receive it, never import it. */
export interface AppContext extends PlatformContext, ModuleServices {}

export const DATA_TOKEN_TTL_MS = 15 * 60 * 1000;

export interface ContextOverrides {
  clock?: Clock;
  database?: Database;
  /** The pino logger lines go to (tests read one writing to memory). */
  log?: Logger;
}

export async function createContext(
  config: Config,
  overrides: ContextOverrides = {},
): Promise<PlatformContext> {
  const requestLogger = overrides.log ?? createLogger(config.logLevel);
  const log = pinoLog(requestLogger);
  const clock = overrides.clock ?? systemClock;
  const database =
    overrides.database ??
    (await openDatabase(
      config.databaseUrl
        ? { kind: 'postgres', url: config.databaseUrl }
        : { kind: 'pglite', dir: `${config.dataDir}/pglite` },
    ));
  const jwtSecret = config.jwtSecret ?? (await loadOrCreateSecret(config.dataDir, 'jwt_secret'));
  // Every Redis connection of the process is watched: an outage degrades, never ends it.
  const redisWatch = createRedisWatch(log);
  const redis = config.redisUrl
    ? redisWatch.add('shared', new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 }))
    : null;
  const mailer = config.smtpUrl
    ? createSmtpMailer(config.smtpUrl, config.mailFrom)
    : createOutboxMailer(database.db, log);
  if (!config.smtpUrl && config.env === 'production') {
    // Loud, not fatal: a first production start may not have mail yet, but must not think it has.
    log.error(
      'SMTP_URL is not set: mail is NOT delivered. Verification and reset links stay in the outbox ' +
        '(`npm run cli -- mail:list` on this machine). Set SMTP_URL before inviting anyone.',
    );
  }
  return {
    config,
    database,
    mailer,
    tokens: createAccessTokens(jwtSecret, config.jwtTtlMs, () => new Date(clock.now())),
    dataTokens: createAccessTokens(
      jwtSecret,
      DATA_TOKEN_TTL_MS,
      () => new Date(clock.now()),
      'tapeline-data',
    ),
    limiter: createRateLimiter({
      redis: redis ?? undefined,
      scale: config.rateLimitScale,
      // Two deployments on one Redis count apart, as their bus and socket.io rooms are.
      prefix: `${config.busPrefix}rl`,
    }),
    clock,
    google: config.googleClientId
      ? createGoogleVerifier({ clientId: config.googleClientId, jwksUrl: config.googleJwksUrl, clock })
      : null,
    log,
    requestLogger,
    redis,
    redisWatch,
    bus: config.redisUrl ? createRedisBus(config.redisUrl, config.busPrefix, redisWatch) : createMemoryBus(),
  };
}

/** Closes in dependency order; the database last so no query is cut off mid-write. */
export async function closeContext(ctx: PlatformContext): Promise<void> {
  await ctx.bus.close();
  await ctx.mailer.close();
  if (ctx.redis) await closeRedis(ctx.redis);
  await ctx.database.close();
}
