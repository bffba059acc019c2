import { z } from 'zod';
import { FORWARD_HORIZONS, FORWARD_MINUTES, type ForwardHorizon } from '../api/alertLab.ts';

// The live outcome ledger (issue 26 item 4, docs/alerts.md "Outcome ledger"): what the price did
// after each alert fired in the live product, at +1, +5, +15 and +30 minutes and at the close.
// Pure rules; the server's once-a-minute sweep feeds them the engine's last price and clock.

/** The marks, the backtest's forward horizons (in order; `close` is the session's close, after-hours fires: its end). */
export const OUTCOME_MARKS = FORWARD_HORIZONS;
export type OutcomeMark = ForwardHorizon;
const OUTCOME_MINUTES = [FORWARD_MINUTES.m1, FORWARD_MINUTES.m5, FORWARD_MINUTES.m15, FORWARD_MINUTES.m30];

/**
 * A mark is recorded at the first sweep at or after it, when that sweep comes at most this late;
 * a later sweep (the server was down) leaves it missed rather than write a price from another time.
 */
export const OUTCOME_LATE_MS = 2 * 60_000;
/** How many sessions the per-rule and per-type figures cover. */
export const OUTCOME_SESSIONS = 30;

/** % moves from the fire's price, signed (up is positive whatever the alert); null: not yet or missed. */
export const outcomeMovesSchema = z.object({
  m1: z.number().nullable(),
  m5: z.number().nullable(),
  m15: z.number().nullable(),
  m30: z.number().nullable(),
  close: z.number().nullable(),
});
export type OutcomeMoves = z.infer<typeof outcomeMovesSchema>;

/** The ms time of each mark of a fire at `firedAt`, in OUTCOME_MARKS order; `closeAt` null: none. */
export function outcomeMarkTimes(firedAt: number, closeAt: number | null): number[] {
  return [...OUTCOME_MINUTES.map((m) => firedAt + m * 60_000), closeAt ?? Number.POSITIVE_INFINITY];
}

/** % move from `from` to `to`, to two decimals. */
export function movePercent(from: number, to: number): number {
  return Math.round((to / from - 1) * 10_000) / 100;
}

/** What one sweep does to one fire's mark: record the move, give it up, or wait. */
export type MarkStep = { mark: OutcomeMark; move: number } | { mark: OutcomeMark; missed: true };

/**
 * The marks a sweep at `now` settles for a fire: each unsettled mark whose time has come is
 * recorded with the move to `price` if the sweep is at most OUTCOME_LATE_MS late and a price is
 * known, otherwise given up. `settled[i]` says mark i was already recorded or given up.
 */
export function sweepMarks(
  firedAt: number,
  closeAt: number | null,
  firePrice: number,
  settled: readonly boolean[],
  now: number,
  price: number | null,
): MarkStep[] {
  const times = outcomeMarkTimes(firedAt, closeAt);
  const out: MarkStep[] = [];
  for (let i = 0; i < OUTCOME_MARKS.length; i++) {
    const at = times[i] as number;
    const mark = OUTCOME_MARKS[i] as OutcomeMark;
    if (settled[i] || now < at) continue;
    const usable = price !== null && price > 0 && firePrice > 0 && now - at <= OUTCOME_LATE_MS;
    out.push(usable ? { mark, move: movePercent(firePrice, price) } : { mark, missed: true });
  }
  // A fire with no close mark (after the session's end) settles once its last minute mark has.
  if (closeAt === null && !settled[4] && now >= (times[3] as number))
    out.push({ mark: 'close', missed: true });
  return out;
}

/** How a group of fires did: share of positive moves and the mean and median move, per mark. */
export const outcomeStatsSchema = z.object({
  fires: z.number().int(),
  sessions: z.number().int(),
  /** Share (0–1) of recorded +5 / +30 min moves above 0; null when none was recorded. */
  positive5: z.number().nullable(),
  positive30: z.number().nullable(),
  mean5: z.number().nullable(),
  median5: z.number().nullable(),
  mean30: z.number().nullable(),
  median30: z.number().nullable(),
  meanClose: z.number().nullable(),
});
export type OutcomeStats = z.infer<typeof outcomeStatsSchema>;

/** One fire as the figures need it: its session (yyyymmdd) and moves. */
export interface OutcomeFire {
  session: number;
  moves: OutcomeMoves;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

function median(sorted: readonly number[]): number | null {
  if (sorted.length === 0) return null;
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : round2(((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2);
}

function column(fires: readonly OutcomeFire[], mark: OutcomeMark): number[] {
  const out: number[] = [];
  for (const f of fires) {
    const v = f.moves[mark];
    if (v !== null) out.push(v);
  }
  return out.sort((a, b) => a - b);
}

const mean = (xs: readonly number[]) =>
  xs.length === 0 ? null : round2(xs.reduce((s, x) => s + x, 0) / xs.length);
const positive = (xs: readonly number[]) =>
  xs.length === 0 ? null : round2(xs.filter((x) => x > 0).length / xs.length);

/** The figures of a group of fires (moves not yet recorded or missed are left out of each mark). */
export function outcomeStats(fires: readonly OutcomeFire[]): OutcomeStats {
  const m5 = column(fires, 'm5');
  const m30 = column(fires, 'm30');
  return {
    fires: fires.length,
    sessions: new Set(fires.map((f) => f.session)).size,
    positive5: positive(m5),
    positive30: positive(m30),
    mean5: mean(m5),
    median5: median(m5),
    mean30: mean(m30),
    median30: median(m30),
    meanClose: mean(column(fires, 'close')),
  };
}

/** GET /api/alerts/outcomes: the trader's fires of the last OUTCOME_SESSIONS sessions, grouped. */
export const alertOutcomesResponseSchema = z.object({
  /** Per rule: symbol and category rules by id, filtered alerts by the filter's name. */
  rules: z.array(
    z.object({
      rule_id: z.number().int().nullable(),
      filter: z.string().nullable(),
      stats: outcomeStatsSchema,
    }),
  ),
  /** Per alert type (core ALERT_TYPES and `filtered`). */
  types: z.array(z.object({ kind: z.string(), stats: outcomeStatsSchema })),
});
export type AlertOutcomesResponse = z.infer<typeof alertOutcomesResponseSchema>;

export const ALERT_OUTCOMES_PATH = '/api/alerts/outcomes';
