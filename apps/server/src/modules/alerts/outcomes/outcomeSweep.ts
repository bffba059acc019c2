import { OUTCOME_MARKS, type OutcomeMark, sweepMarks } from '@tapeline/core';
import { and, asc, eq, lt } from 'drizzle-orm';
import type { Clock } from '../../../platform/clock.ts';
import type { Db } from '../../../platform/db/client.ts';
import { type AlertOutcomeRow, alertOutcomes } from '../../../platform/db/schema.ts';
import type { Log } from '../../../platform/log.ts';
import { type QuotesEngine, readFigures } from '../../quotes/figures.ts';

/** One sweep a minute (not a timer per alert): a mark is recorded at most a minute after it. */
export const SWEEP_MS = 60_000;
/** Fires a sweep looks at, oldest first; more wait for the next. */
const SWEEP_ROWS = 2000;
/** What one engine `quotes` query may name. */
const QUOTES_CHUNK = 100;
/** Ledger rows older than this go (the figures cover 30 sessions, about six weeks). */
const KEEP_MS = 60 * 24 * 60 * 60_000;
const ALL_SETTLED = (1 << OUTCOME_MARKS.length) - 1;

export interface OutcomeSweepDeps {
  db: Db;
  clock: Clock;
  log: Log;
  /** The engine's last prices; its status carries the market's clock the fires are timed on. */
  engine: QuotesEngine & { readonly status: { clock: number } | null };
}

export interface OutcomeSweep {
  /** One sweep now; the number of rows it changed. */
  sweepOnce(): Promise<number>;
  stop(): void;
}

const settledFlags = (bits: number) => OUTCOME_MARKS.map((_, i) => (bits & (1 << i)) !== 0);

/**
 * The live outcome ledger's sweep (docs/alerts.md "Outcome ledger"): once a minute, on the
 * engine's clock, every fire with a mark due gets the move to the engine's last price. Each node
 * sweeps; an update applies only if the row is as read, so a mark is written once.
 */
export function startOutcomeSweep(deps: OutcomeSweepDeps): OutcomeSweep {
  const { db, clock, log, engine } = deps;
  let running: Promise<number> | null = null;

  const due = async (now: number): Promise<AlertOutcomeRow[]> =>
    db
      .select()
      .from(alertOutcomes)
      .where(
        and(lt(alertOutcomes.settled, ALL_SETTLED), lt(alertOutcomes.firedAt, new Date(now - 60_000 + 1))),
      )
      .orderBy(asc(alertOutcomes.firedAt))
      .limit(SWEEP_ROWS);

  const prices = async (rows: readonly AlertOutcomeRow[]): Promise<Map<string, number | null>> => {
    const symbols = [...new Set(rows.map((r) => r.symbol))];
    const out = new Map<string, number | null>();
    for (let i = 0; i < symbols.length; i += QUOTES_CHUNK) {
      const chunk = symbols.slice(i, i + QUOTES_CHUNK);
      const figures = await readFigures(engine, chunk, false, log);
      for (let k = 0; k < chunk.length; k++) out.set(chunk[k] as string, figures[k]?.last ?? null);
    }
    return out;
  };

  const sweep = async (): Promise<number> => {
    const now = engine.status?.clock;
    if (now === undefined) return 0;
    await db.delete(alertOutcomes).where(lt(alertOutcomes.firedAt, new Date(now - KEEP_MS)));
    const rows = await due(now);
    if (rows.length === 0) return 0;
    const last = await prices(rows);
    let changed = 0;
    for (const row of rows) {
      const steps = sweepMarks(
        row.firedAt.getTime(),
        row.closeAt?.getTime() ?? null,
        row.price,
        settledFlags(row.settled),
        now,
        last.get(row.symbol) ?? null,
      );
      if (steps.length === 0) continue;
      const set: Partial<Record<OutcomeMark, number>> = {};
      let bits = row.settled;
      for (const step of steps) {
        bits |= 1 << OUTCOME_MARKS.indexOf(step.mark);
        if ('move' in step) set[step.mark] = step.move;
      }
      const done = await db
        .update(alertOutcomes)
        .set({ ...set, settled: bits })
        .where(and(eq(alertOutcomes.id, row.id), eq(alertOutcomes.settled, row.settled)))
        .returning({ id: alertOutcomes.id });
      changed += done.length;
    }
    return changed;
  };

  const sweepOnce = (): Promise<number> => {
    running ??= sweep()
      .catch((error: Error) => {
        log.warn({ err: error }, 'outcome ledger sweep failed; retried next minute');
        return 0;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };

  const timer = clock.setInterval(() => void sweepOnce(), SWEEP_MS);
  return {
    sweepOnce,
    stop: () => timer.cancel(),
  };
}
