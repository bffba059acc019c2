import { z } from 'zod';
import { filteredAlertSchema, filterValuesSchema } from '../alerts/filteredAlert.ts';
import { createAlertRequestSchema } from './alerts.ts';
import { timeframeSchema } from './market.ts';

// The Alert lab (issue 26): backtests of a rule over recorded sessions, the recorded sessions and
// one symbol's 1-minute bars of a session (the chart). Semantics: docs/alerts.md "Alert lab".

/** The paths (Fastify style); the v1 equivalents are in v1Operations.ts. */
export const LAB_ROUTES = {
  /** POST: starts a backtest (or answers the cached one). */
  backtest: '/api/alerts/backtest',
  /** GET: the job's state, progress and, once done, its result. DELETE: cancels it. */
  backtestJob: '/api/alerts/backtest/:id',
  /** GET: the recorded sessions, newest first. */
  sessions: '/api/market/sessions',
  /** GET: one symbol's 1-minute bars of a recorded session (or today's, so far). */
  sessionBars: '/api/market/sessions/:date/bars/:symbol',
} as const;

/** The choices of "sessions to include": the newest 1, 5, 20 or 30 recorded sessions. */
export const BACKTEST_SESSION_CHOICES = [1, 5, 20, 30] as const;
export type BacktestSessionCount = (typeof BACKTEST_SESSION_CHOICES)[number];
/** How often a client polls a running job (ms); the server keeps a finished job this long (ms). */
export const BACKTEST_POLL_MS = 500;
export const BACKTEST_JOB_TTL_MS = 10 * 60_000;
/** At most this many fires are listed; the summary and histogram count them all. */
export const BACKTEST_FIRES_MAX = 2000;

/**
 * The rule to backtest, in the shapes the rest of the product already validates:
 * - `symbol`: a rule as POST /api/alerts takes it (trade / uv / vwap / price; a symbol, or for
 *   Hi/Low a stream category, evaluated with the trader's current channel settings);
 * - `halt`: the Halts toggle (every halt and resume);
 * - `filtered`: a filtered alert (Pro Plus), on its timeframe and sectors;
 * - `smart`: a Discovery smart filter with the toolbar's timeframe (and sectors, all when
 *   absent or empty); backtested as the filtered alert it would make, so Pro Plus too.
 */
export const backtestRuleSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('symbol'), rule: createAlertRequestSchema }).strict(),
  z.object({ kind: z.literal('halt') }).strict(),
  z.object({ kind: z.literal('filtered'), filter: filteredAlertSchema }).strict(),
  z
    .object({
      kind: z.literal('smart'),
      name: z.string().trim().max(64).optional(),
      type: z.enum(['all', 'any']),
      values: filterValuesSchema,
      timeframe: timeframeSchema,
      sector: z.object({ min: z.array(z.number().int().min(0).max(999)).max(64) }).optional(),
    })
    .strict(),
]);
export type BacktestRule = z.infer<typeof backtestRuleSchema>;
export type BacktestRuleInput = z.input<typeof backtestRuleSchema>;

/** POST /api/alerts/backtest. */
export const backtestRequestSchema = z
  .object({
    rule: backtestRuleSchema,
    sessions: z.literal(BACKTEST_SESSION_CHOICES),
  })
  .strict();
export type BacktestRequest = z.infer<typeof backtestRequestSchema>;
export type BacktestRequestInput = z.input<typeof backtestRequestSchema>;

export const backtestJobParamsSchema = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });

/** The forward horizons of a fire, in minutes; `close` is the session's last regular price. */
export const FORWARD_HORIZONS = ['m1', 'm5', 'm15', 'm30', 'close'] as const;
export type ForwardHorizon = (typeof FORWARD_HORIZONS)[number];
export const FORWARD_MINUTES = { m1: 1, m5: 5, m15: 15, m30: 30 } as const;
/** Max adverse excursion looks this far ahead (minutes). */
export const MAE_MINUTES = 30;

/**
 * % moves of the price from the fire's price (positive: the price rose), null when the session
 * ended before that horizon.
 */
const movesSchema = z.object(
  Object.fromEntries(FORWARD_HORIZONS.map((h) => [h, z.number().nullable()])) as Record<
    ForwardHorizon,
    z.ZodNullable<z.ZodNumber>
  >,
);
export type ForwardMoves = z.infer<typeof movesSchema>;

export const backtestFireSchema = z.object({
  /** The session (New York date, YYYY-MM-DD). */
  session: z.string(),
  /** Exchange time of the print (or minute) that fired it, UTC ms. */
  time: z.number(),
  symbol: z.string(),
  price: z.number(),
  /** The alert's kind as live alerts carry it, and its text (core alertText). */
  kind: z.enum(['trade', 'uv', 'vwap', 'price', 'halt', 'filtered']),
  msg: z.string(),
  /** Which way the alert points: new high, up, above VWAP, uVol, entered filter → up. */
  dir: z.enum(['up', 'down']),
  moves: movesSchema,
  /** The largest % move against `dir` within 30 minutes (≤ 0 for up, ≥ 0 for down; 0: none). */
  mae30: z.number().nullable(),
});
export type BacktestFire = z.infer<typeof backtestFireSchema>;

const statSchema = z.object({
  /** Fires whose move at this horizon is known. */
  n: z.number().int(),
  median: z.number().nullable(),
  mean: z.number().nullable(),
  /** Share (0–1) of those with a move above 0. */
  positive: z.number().nullable(),
});

export const backtestSessionSummarySchema = z.object({
  session: z.string(),
  fires: z.number().int(),
  /** Mean +30-minute move of this session's fires (null: none known). */
  mean30: z.number().nullable(),
});

/** Edges (%) of the +5-minute histogram; the first and last buckets are open-ended. */
export const BACKTEST_HISTOGRAM_EDGES = [-5, -3, -2, -1, -0.5, 0, 0.5, 1, 2, 3, 5] as const;

export const backtestResultSchema = z.object({
  rule: backtestRuleSchema,
  /** The sessions replayed, oldest first. */
  sessions: z.array(z.string()),
  fires: z.array(backtestFireSchema).max(BACKTEST_FIRES_MAX),
  /** True when there were more fires than BACKTEST_FIRES_MAX (the first ones are listed). */
  truncated: z.boolean(),
  summary: z.object({
    fires: z.number().int(),
    fires_per_session: z.number(),
    per_session: z.array(backtestSessionSummarySchema),
    stats: z.object(
      Object.fromEntries(FORWARD_HORIZONS.map((h) => [h, statSchema])) as Record<
        ForwardHorizon,
        typeof statSchema
      >,
    ),
    /** Shortcuts the panel shows: stats.m5.positive and stats.m30.positive. */
    positive5: z.number().nullable(),
    positive30: z.number().nullable(),
    /** The session with the lowest mean +30-minute move (null: no fire with one). */
    worst_session: backtestSessionSummarySchema.nullable(),
  }),
  /** +5-minute moves counted per bucket: `from` inclusive, `to` exclusive, null = open. */
  histogram: z.array(
    z.object({ from: z.number().nullable(), to: z.number().nullable(), count: z.number().int() }),
  ),
});
export type BacktestResult = z.infer<typeof backtestResultSchema>;

export const BACKTEST_STATES = ['queued', 'running', 'done', 'cancelled', 'failed'] as const;
export type BacktestState = (typeof BACKTEST_STATES)[number];

/** POST answer (202 when started, 200 when served from the cache) and GET/DELETE …/{id} answer. */
export const backtestJobSchema = z.object({
  id: z.string(),
  state: z.enum(BACKTEST_STATES),
  /** Sessions replayed so far of `total`. */
  progress: z.object({ done: z.number().int(), total: z.number().int() }),
  cached: z.boolean(),
  /** Present once `state` is done. */
  result: backtestResultSchema.nullable(),
  /** Why it failed (a lab message), when `state` is failed. */
  error: z.string().nullable(),
});
export type BacktestJob = z.infer<typeof backtestJobSchema>;

/** One recorded session (GET /api/market/sessions). */
export const recordedSessionSchema = z.object({
  /** New York date, YYYY-MM-DD. */
  date: z.string(),
  /** The feed that produced it ('simulator', 'alpaca', …); `seeded`: a simulated past session. */
  feed: z.string(),
  seeded: z.boolean(),
  symbols: z.number().int(),
  /** False while the session is still being recorded (today's). */
  complete: z.boolean(),
  bytes: z.number().int(),
});
export type RecordedSession = z.infer<typeof recordedSessionSchema>;
export const recordedSessionsAnswerSchema = z.object({ sessions: z.array(recordedSessionSchema) });

export const sessionBarsParamsSchema = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  symbol: z
    .string()
    .trim()
    .min(1)
    .max(12)
    .transform((s) => s.toUpperCase()),
});

/**
 * One symbol's 1-minute bars of a session, as columns (index i is one minute): `t` the minute's
 * start (UTC ms), OHLC, volume, the session VWAP at the minute's close, and the day's events.
 */
export const sessionBarsAnswerSchema = z.object({
  symbol: z.string(),
  date: z.string(),
  prior_close: z.number().nullable(),
  t: z.array(z.number()),
  o: z.array(z.number()),
  h: z.array(z.number()),
  l: z.array(z.number()),
  c: z.array(z.number()),
  v: z.array(z.number()),
  vwap: z.array(z.number().nullable()),
  /** New highs and lows of the day (the stream's), halts and resumes. */
  events: z.array(
    z.object({
      t: z.number(),
      kind: z.enum(['high', 'low', 'halt', 'resume']),
      price: z.number().nullable(),
    }),
  ),
});
export type SessionBars = z.infer<typeof sessionBarsAnswerSchema>;

/** What the lab answers in words (4xx `message`, the panel's empty states). */
export const labMessages = {
  busy: 'A backtest is already running. Wait for it to finish or cancel it.',
  noSessions: 'No recorded sessions yet.',
  notFound: 'This backtest has expired. Run it again.',
  sessionNotFound: 'This session is not recorded.',
  unsupportedCategory: 'The Popular list of past sessions is not recorded: backtest a symbol instead.',
  failed: 'The backtest failed. Try again.',
} as const;
