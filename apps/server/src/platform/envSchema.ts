import { isValidSymbol, normalizeSymbol } from '@tapeline/core';
import { z } from 'zod';
import { newsEnvShape } from './newsConfig.ts';
import { pushEnvShape } from './pushConfig.ts';

// The environment as the operator writes it: every variable, its rule and its default. The one
// schema `.env.example` and the README table are checked against (envExample.ts); what the
// server makes of it (paths resolved, settings grouped) is config.ts's `Config`.

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * What a process runs: `all` (API + engine, one process), `api` (HTTP and sockets, asking the
 * engine over the bus) or `engine` (the market engine alone, publishing on the bus).
 */
export const ROLES = ['all', 'api', 'engine'] as const;
/** The simulator's universe unless SIM_SYMBOLS says otherwise. */
export const DEFAULT_SIM_SYMBOLS = 10_000;
export type Role = (typeof ROLES)[number];

const urlWith = (protocols: string[]) =>
  z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    { message: `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}` },
  );

/** The feed settings ignore surrounding blanks, and a blank one counts as unset (see loadConfig). */
const trimmed = z.string().trim();
export const FEED_SETTING = /^(MARKET|REPLAY|SIM|MASSIVE|ALPACA|HISTORY|HALTS)_/;

/** A number checked against `rule`; the message repeats the value, as the feed settings always have. */
const numberWhere = (check: (n: number) => boolean, rule: string) =>
  trimmed.transform((value, ctx) => {
    const n = Number(value);
    if (Number.isFinite(n) && check(n)) return n;
    ctx.addIssue({ code: 'custom', message: `must be ${rule} (got "${value}")` });
    return z.NEVER;
  });

const oneOf = <const T extends readonly [string, ...string[]]>(values: T, rule: string) =>
  trimmed.refine((value): value is T[number] => values.includes(value), {
    error: (issue) => `must be ${rule} (got "${String(issue.input)}")`,
  });

const wsUrl = trimmed.refine(
  (value) => {
    try {
      return ['ws:', 'wss:'].includes(new URL(value).protocol);
    } catch {
      return false;
    }
  },
  { error: (issue) => `must be a ws:// or wss:// URL (got "${String(issue.input)}")` },
);

const httpUrl = trimmed.refine(
  (value) => {
    try {
      return ['http:', 'https:'].includes(new URL(value).protocol);
    } catch {
      return false;
    }
  },
  { error: (issue) => `must be an http:// or https:// URL (got "${String(issue.input)}")` },
);

/** An instant with its zone (`2026-11-24T14:29:15Z`, `…-05:00`): without one the time is ambiguous. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;
const isoInstant = trimmed.transform((value, ctx) => {
  const ts = ISO_INSTANT.test(value) ? Date.parse(value) : Number.NaN;
  if (Number.isFinite(ts)) return ts;
  ctx.addIssue({
    code: 'custom',
    message: `must be an ISO time with its zone, e.g. 2026-11-24T14:29:15Z (got "${value}")`,
  });
  return z.NEVER;
});

/** The Help link: a path of this app (not `//host`, which would leave it) or an http(s) URL. */
const helpLink = trimmed.refine(
  (value) => {
    if (value.startsWith('/')) return !value.startsWith('//') && !value.includes('\\');
    try {
      return ['http:', 'https:'].includes(new URL(value).protocol);
    } catch {
      return false;
    }
  },
  {
    error: (issue) =>
      `must be a path starting with / or an http:// or https:// URL (got "${String(issue.input)}")`,
  },
);

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: urlWith(['postgres:', 'postgresql:']).optional(),
  REDIS_URL: urlWith(['redis:', 'rediss:']).optional(),
  ROLE: z.enum(ROLES).default('all'),
  /** Namespace of the bus's Redis channels: nodes of one deployment share it; tests make their own. */
  BUS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_.-]{1,64}$/, 'must be 1 to 64 letters, digits or : _ . -')
    .default('tapeline:bus:'),
  SMTP_URL: urlWith(['smtp:', 'smtps:']).optional(),
  MAIL_FROM: z.string().min(3).default('Tapeline <no-reply@tapeline.local>'),
  APP_URL: urlWith(['http:', 'https:']).optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  JWT_TTL_HOURS: z.coerce
    .number()
    .positive()
    .default(24 * 7),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_JWKS_URL: urlWith(['http:', 'https:']).default('https://www.googleapis.com/oauth2/v3/certs'),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  RATE_LIMIT_SCALE: z.coerce.number().positive().default(1),
  /**
   * `/api/dev/*` (the mail outbox, alert-history seeding) for test set-ups: off unless switched
   * on, never in production, and even then answering only loopback clients.
   */
  DEV_ROUTES: z.enum(['true', 'false']).default('false'),
  /**
   * simulator | replay:<file> | massive | alpaca | off (no engine on this node) |
   * manual[:<ISO start>] (events only from EngineHost.push: tests and tools).
   */
  MARKET_FEED: z
    .string()
    .regex(
      /^(simulator|massive|alpaca|off|replay:.+|manual(:.+)?)$/,
      'must be simulator, replay:<file>, massive, alpaca or off',
    )
    .default('simulator'),
  // The feed's own settings (the market module's feeds/README.md): read on every node, so a wrong
  // value fails at start with its name; echoing the value is fine, none of them is a secret.
  MARKET_SYMBOLS: trimmed.optional(),
  /**
   * What a real feed streams when its plan refuses the whole market (Alpaca's free IEX plan):
   * comma-separated symbols, capped at the plan's limit; default the traders' favorites and
   * alert symbols. docs: the market module's feeds/README.md.
   */
  MARKET_SYMBOLS_WATCH: trimmed
    .transform((value, ctx) => {
      const list = value
        .split(',')
        .map(normalizeSymbol)
        .filter((s) => s.length > 0);
      const bad = list.filter((s) => !isValidSymbol(s));
      if (bad.length === 0) return list;
      ctx.addIssue({ code: 'custom', message: `must be comma-separated symbols (not ${bad.join(', ')})` });
      return z.NEVER;
    })
    .optional(),
  MARKET_RECORD: trimmed.optional(),
  /** Alert lab: recorded sessions kept under DATA_DIR/sessions (0: the recorder is off). */
  RECORD_SESSIONS: z.coerce.number().int().min(0).max(500).default(30),
  REPLAY_SPEED: trimmed
    .transform((value, ctx) => {
      if (value === 'max') return Number.POSITIVE_INFINITY;
      const n = Number(value);
      if (Number.isFinite(n) && n > 0) return n;
      ctx.addIssue({ code: 'custom', message: `must be a positive number or max (got "${value}")` });
      return z.NEVER;
    })
    .default(1),
  SIM_CLOCK: oneOf(['virtual', 'wall'], 'virtual or wall').default('virtual'),
  SIM_SPEED: numberWhere((n) => n > 0 && n <= 10_000, 'a number above 0 and at most 10000').default(1),
  SIM_SEED: numberWhere(
    (n) => Number.isInteger(n) && n >= 0 && n < 2 ** 32,
    'an integer 0…4294967295',
  ).default(1),
  SIM_SYMBOLS: numberWhere((n) => Number.isInteger(n) && n >= 3 && n <= 50_000, 'an integer 3…50000').default(
    DEFAULT_SIM_SYMBOLS,
  ),
  SIM_TRADE_RATE: numberWhere((n) => n > 0 && n <= 1_000_000, 'a number above 0 and at most 1000000').default(
    5_000,
  ),
  /** Where the simulator's virtual clock starts (benches: just before the bell); default the next bell. */
  SIM_START: isoInstant.optional(),
  /**
   * The real feeds' history from the vendor's REST API at start (docs/continuity.md §5): on by
   * default for massive and alpaca; off starts them with live bars only, as before.
   */
  HISTORY_BACKFILL: oneOf(['on', 'off'], 'on or off').optional(),
  /** Sessions of daily bars fetched (ATR, squeeze and trend need 14 to 40). */
  HISTORY_SESSIONS: numberWhere((n) => Number.isInteger(n) && n >= 1 && n <= 500, 'an integer 1…500').default(
    45,
  ),
  /** Symbols, by dollar volume, that get intraday bars in the background; 0: none. */
  HISTORY_INTRADAY_MAX: numberWhere(
    (n) => Number.isInteger(n) && n >= 0 && n <= 50_000,
    'an integer 0…50000',
  ).default(3000),
  MASSIVE_API_KEY: trimmed.optional(),
  MASSIVE_WS_URL: wsUrl.default('wss://socket.massive.com/stocks'),
  /** Massive's REST API: reference data and bars (tests point it at a fake on loopback). */
  MASSIVE_REST_URL: httpUrl.default('https://api.massive.com'),
  ALPACA_KEY_ID: trimmed.optional(),
  ALPACA_SECRET_KEY: trimmed.optional(),
  ALPACA_FEED: oneOf(['iex', 'sip'], 'iex or sip').default('iex'),
  /** Default: `wss://stream.data.alpaca.markets/v2/<ALPACA_FEED>`. */
  ALPACA_WS_URL: wsUrl.optional(),
  /** Alpaca's market data REST API (bars). */
  ALPACA_DATA_URL: httpUrl.default('https://data.alpaca.markets'),
  /** Alpaca's trading API (the asset list); paper-trading keys need `https://paper-api.alpaca.markets`. */
  ALPACA_TRADING_URL: httpUrl.default('https://api.alpaca.markets'),
  /**
   * Trading halts from Nasdaq Trader's public RSS (docs/metrics.md "Halts"): on by default with
   * massive and alpaca, never with the simulator or a replay; off: the feed's own halts only.
   */
  HALTS_SOURCE: oneOf(['nasdaqtrader', 'off'], 'nasdaqtrader or off').optional(),
  /** The halts RSS (tests point it at a fake on loopback). */
  HALTS_URL: httpUrl.default('https://www.nasdaqtrader.com/rss.aspx?feed=tradehalts'),
  /** Webhook targets on private or loopback addresses (tests, a receiver on the LAN): docs/alerts.md. */
  WEBHOOK_ALLOW_PRIVATE: z.enum(['1', '0', 'true', 'false']).default('false'),
  BILLING: z.enum(['local', 'stripe']).default('local'),
  /** Symbol icons, e.g. `https://cdn.example/icons/{symbol}.png`; the browser fills in the symbol. */
  SYMBOL_ICON_URL: urlWith(['http:', 'https:'])
    .refine((value) => value.includes('{symbol}'), { message: 'must contain {symbol}' })
    .optional(),
  /**
   * Where browsers fetch voice clips (`{VOICE_HOST}/{symbol}/{voiceId}-{n|s}.mp3`). Unset: this
   * server renders them at `/voice`; set: it renders none and the web asks that host.
   */
  VOICE_HOST: urlWith(['http:', 'https:']).optional(),
  /** The Help link (`/api/config` `helpUrl`): a path of this app or an external URL; default `/help`. */
  HELP_URL: helpLink.optional(),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().min(1).optional(),
  /** Where the Stripe SDK sends its calls; tests point it at a fake API on loopback. */
  STRIPE_API_BASE: urlWith(['http:', 'https:']).optional(),
  /** `plan=cents,…` overriding default prices, e.g. `pro=6900,pro_annual=69000`. */
  PLAN_PRICES: z
    .string()
    .regex(/^\s*[a-z_]+=\d+\s*(,\s*[a-z_]+=\d+\s*)*$/, 'must be plan=cents,plan=cents')
    .optional(),
  /** `CODE=percent,…` for the local provider's coupons (Stripe keeps its own). */
  BILLING_COUPONS: z
    .string()
    .regex(
      /^\s*[A-Za-z0-9_-]+=\d{1,3}\s*(,\s*[A-Za-z0-9_-]+=\d{1,3}\s*)*$/,
      'must be CODE=percent,CODE=percent',
    )
    .optional(),
  /** Prometheus metrics (`GET /metrics`) on their own port; unset: none (docs/operations.md). */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** Where the metrics port listens: loopback unless set (e.g. 0.0.0.0 for a scraper in another container). */
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /** When set, a scrape must send `Authorization: Bearer <METRICS_TOKEN>`. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** `--role=engine`: `/health/live`, `/health/ready` and `/metrics` on this port (METRICS_HOST); unset: none. */
  ENGINE_HEALTH_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /**
   * How often the engine writes its checkpoint (DATA_DIR/engine), in ms: what a restart or a
   * standby engine resumes from, so at most this much of the tape is replayed after a crash.
   */
  ENGINE_CHECKPOINT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(10_000),
  ...pushEnvShape,
  ...newsEnvShape,
});

export type Env = z.infer<typeof envSchema>;

/** Every variable the configuration reads, with its default as text ('' when none): `.env.example`. */
export function envVariables(): { name: string; fallback: string }[] {
  const defaults = envSchema.parse({}) as Record<string, unknown>;
  return Object.keys(envSchema.shape).map((name) => {
    const value = defaults[name];
    return { name, fallback: value === undefined ? '' : String(value) };
  });
}
