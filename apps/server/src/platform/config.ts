import path from 'node:path';
import { type BillingConfig, billingConfig } from './billingConfig.ts';
import { serverRoot } from './build.ts';
import { ConfigError } from './configError.ts';
import { type Env, envSchema, FEED_SETTING, ROLES, type Role } from './envSchema.ts';
import {
  type MarketFeedConfig,
  type MarketSource,
  marketFeedConfig,
  marketSourceOf,
} from './marketFeedConfig.ts';
import { type NewsConfig, newsConfig } from './newsConfig.ts';
import { type PushConfig, pushConfig } from './pushConfig.ts';

export type { BillingConfig, StripeSettings } from './billingConfig.ts';
export { ConfigError } from './configError.ts';
export { type Env, envVariables, ROLES, type Role } from './envSchema.ts';
export {
  FEED_KINDS,
  type FeedConfig,
  type FeedKind,
  feedKindOf,
  type HaltsSettings,
  type HistorySettings,
  type MarketFeedConfig,
  type MarketSource,
} from './marketFeedConfig.ts';
export type { NewsConfig } from './newsConfig.ts';
export type { PushConfig } from './pushConfig.ts';

// What the server makes of the environment (envSchema.ts): paths resolved, each module's
// settings grouped, cross-variable rules checked.

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  role: Role;
  busPrefix: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  appUrl: string;
  jwtSecret: string | undefined;
  jwtTtlMs: number;
  googleClientId: string | undefined;
  googleJwksUrl: string;
  logLevel: Env['LOG_LEVEL'];
  webDist: string;
  trustProxy: boolean;
  /** Multiplies every rate-limit allowance; tests and load checks raise it. */
  rateLimitScale: number;
  /** Whether `/api/dev/*` is mounted (DEV_ROUTES=true outside production; loopback only). */
  devRoutes: boolean;
  /** MARKET_FEED and, where this node runs the feed, its settings. */
  marketFeed: MarketFeedConfig;
  /** The feed's label for traders and its clock's rate (`/api/config`, `market_status`). */
  marketSource: MarketSource;
  billing: BillingConfig;
  /** Icon URL template with a `{symbol}` placeholder, or undefined for lettered badges. */
  symbolIconUrl: string | undefined;
  /** WEBHOOK_ALLOW_PRIVATE: webhooks may target private and loopback addresses (SSRF checks off). */
  webhookAllowPrivate: boolean;
  /** Web push: VAPID keys and subject, and the tests' switch for loopback push services. */
  push: PushConfig;
  /** VOICE_HOST without a trailing slash; undefined: this server is the voice host (`/voice`). */
  voiceHost: string | undefined;
  /** HELP_URL; undefined: the app's own help page (core's DEFAULT_HELP_URL). */
  helpUrl: string | undefined;
  /** NEWS_* and the news sources' settings (docs/quotes-news.md §3). */
  news: NewsConfig;
  /** The metrics port (METRICS_PORT, METRICS_HOST, METRICS_TOKEN); null: no metrics served. */
  metrics: { port: number; host: string; token: string | undefined } | null;
  /** ENGINE_HEALTH_PORT: the engine process's health and metrics port; null: none. */
  engineHealthPort: number | null;
  /** ENGINE_CHECKPOINT_MS: how often the engine checkpoints. */
  engineCheckpointMs: number;
  /** Alert lab: recorded sessions kept (RECORD_SESSIONS; 0: the recorder is off). */
  recordSessions: number;
}

/** Reads configuration from the environment; an invalid value fails naming the variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const raw = Object.fromEntries(
    Object.entries(source).filter(
      ([key, v]) => v !== undefined && v !== '' && !(FEED_SETTING.test(key) && v.trim() === ''),
    ),
  );
  const parsed = envSchema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const env = parsed.data;
  if (env.DEV_ROUTES === 'true' && env.NODE_ENV === 'production') {
    throw new ConfigError(
      'Invalid configuration:\n  DEV_ROUTES: test routes cannot be switched on in production',
    );
  }
  const dataDir = path.resolve(env.DATA_DIR);
  const appUrl = (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  const marketFeed = marketFeedConfig(env);
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    role: env.ROLE,
    busPrefix: env.BUS_PREFIX,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    appUrl,
    jwtSecret: env.JWT_SECRET,
    jwtTtlMs: env.JWT_TTL_HOURS * 3600_000,
    googleClientId: env.GOOGLE_CLIENT_ID,
    googleJwksUrl: env.GOOGLE_JWKS_URL,
    logLevel: env.LOG_LEVEL,
    webDist: path.resolve(env.WEB_DIST ?? path.join(serverRoot, '../web/dist')),
    trustProxy: env.TRUST_PROXY === 'true',
    rateLimitScale: env.RATE_LIMIT_SCALE,
    devRoutes: env.DEV_ROUTES === 'true',
    marketFeed,
    marketSource: marketSourceOf(env, marketFeed),
    billing: billingConfig(env),
    symbolIconUrl: env.SYMBOL_ICON_URL,
    webhookAllowPrivate: env.WEBHOOK_ALLOW_PRIVATE === '1' || env.WEBHOOK_ALLOW_PRIVATE === 'true',
    push: pushConfig(env, appUrl),
    voiceHost: env.VOICE_HOST?.replace(/\/+$/, ''),
    helpUrl: env.HELP_URL,
    news: newsConfig(env, marketFeed),
    metrics: env.METRICS_PORT
      ? { port: env.METRICS_PORT, host: env.METRICS_HOST, token: env.METRICS_TOKEN }
      : null,
    engineHealthPort: env.ENGINE_HEALTH_PORT ?? null,
    engineCheckpointMs: env.ENGINE_CHECKPOINT_MS,
    recordSessions: env.RECORD_SESSIONS,
  };
}

/**
 * The command line's settings as environment entries, which they override: `--role=<role>` or
 * `--role <role>`. Anything else is refused, so a typo never starts the wrong kind of node.
 */
export function argsToEnv(args: readonly string[]): Record<string, string> {
  const env: Record<string, string> = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    const match = /^--role(?:=(.*))?$/.exec(arg);
    if (!match) throw new ConfigError(`Unknown option ${arg} (expected --role=${ROLES.join('|')})`);
    const value = match[1] ?? args[++i];
    if (!value) throw new ConfigError(`--role needs a value: ${ROLES.join(', ')}`);
    env.ROLE = value;
  }
  return env;
}
