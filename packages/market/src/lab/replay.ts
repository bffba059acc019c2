import type { FiredDraft, RuleSet } from '@tapeline/core';
import { AlertEvaluator } from '../alerts/AlertEvaluator.ts';
import { EngineColumns } from '../discovery/columns.ts';
import { MarketEngine } from '../engine/MarketEngine.ts';
import type { SessionTape } from './sessionTape.ts';
import { EVENT_HALT, EVENT_RESUME } from './tapeFormat.ts';
import {
  BATCH_MS,
  barPrints,
  barScratch,
  HALT,
  MINUTE,
  type Prints,
  RESUME,
  tapePrints,
  VOLUME_ONLY,
} from './tapePrints.ts';

// A recorded session replayed through the live code (docs/alerts.md "Alert lab"): a MarketEngine
// restored to the session's opening state takes the prints each minute bar stands for
// (tapePrints.ts) and the halts at their times, and the AlertEvaluator decides. Nothing is read
// ahead: at every step the engine holds only what had printed by then.
//
// Two loops over the same prints. A rule set with rules that read the stream (symbol, category
// and halt rules) is drained every 250 ms of session time like the engine thread, each drain
// heard by onBatch. A set of filtered alerts only (the whole-market case) reads nothing but the
// Discovery refreshes: its prints go in minute by minute and a refresh follows each minute that
// had any, which is the same refresh at the same instant over the same state — without 57,600
// drains a session.

/** The lab's Discovery refresh for filtered alerts (live: every second; see docs/alerts.md). */
export const LAB_FILTERED_EVERY_MS = 60_000;
export const LAB_USER = '00000000-0000-4000-8000-00000000001a';

export interface ReplayOptions {
  filteredEveryMs?: number;
  /** Asked between batches; true stops the replay (a cancelled backtest). */
  stopped?: () => boolean;
  /** The symbols whose prints can change what the rule set decides (backtest.ts); null: all. */
  only?: ReadonlySet<number> | null;
}

/** The engine and evaluator of one replay, and the refresh schedule they share. */
interface Run {
  tape: SessionTape;
  engine: MarketEngine;
  ev: AlertEvaluator;
  /** Discovery read for the filters: only the columns they read (discovery/columns.ts). */
  columns: EngineColumns;
  clock: Float64Array;
  every: number;
  filtered: boolean;
  nextRefresh: number;
  printedSinceRefresh: boolean;
}

/**
 * Replays one session for one rule set; answers what fired, in order (storm-cap digests left
 * out: they carry no price).
 */
export function replaySession(tape: SessionTape, set: RuleSet, options: ReplayOptions = {}): FiredDraft[] {
  const every = options.filteredEveryMs ?? LAB_FILTERED_EVERY_MS;
  // A state taken before 04:00 (at the roll, on the previous session's clock) opens this session.
  const clock = new Float64Array([Math.max(tape.open.takenAt, tape.session.start)]);
  const engine = new MarketEngine({
    clock: () => clock[0] as number,
    // Sized to the tape: a one-symbol block restores in milliseconds, 1,024 symbols cost ~0.1 s.
    capacity: Math.max(16, tape.open.symbols.length, tape.symbols.length),
  });
  const restored = engine.restore(tape.open);
  if (!restored.ok) throw new Error(`session ${tape.session.date}: ${restored.reason}`);
  const fired: FiredDraft[] = [];
  const ev = new AlertEvaluator((a) => {
    if (a.kind !== 'digest') fired.push(a);
  });
  ev.setUser(LAB_USER, set);
  const start = tape.session.start;
  const run: Run = {
    tape,
    engine,
    ev,
    columns: new EngineColumns(engine),
    clock,
    every,
    filtered: ev.filteredTimeframes().length > 0,
    nextRefresh: start + every * Math.ceil(((clock[0] as number) - start + 1) / every),
    printedSinceRefresh: false,
  };
  const stopped = options.stopped ?? (() => false);
  const byMinute = !ev.readsBatches() && every % MINUTE === 0;
  if (byMinute) replayByMinute(run, stopped);
  else replayByBatch(run, tapePrints(tape, tape.open.takenAt, options.only ?? null), stopped);
  if (run.filtered && run.printedSinceRefresh) refresh(run, Math.max(run.nextRefresh, clock[0] as number));
  return fired;
}

/** Refreshes first if one is due before activity at `at` (the start of a batch or minute). */
function refreshDue(run: Run, at: number): void {
  if (!run.filtered || !run.printedSinceRefresh || at < run.nextRefresh) return;
  // The first refresh due after the last prints: it sees them, and nothing printed since.
  refresh(run, run.nextRefresh);
  run.printedSinceRefresh = false;
  run.nextRefresh += run.every * Math.ceil((at - run.nextRefresh + 1) / run.every);
}

function refresh(run: Run, at: number): void {
  const { columns, ev } = run;
  run.clock[0] = at;
  for (const tf of ev.filteredTimeframes()) ev.onDiscovery(tf, columns.refresh(tf), at);
  ev.tick(at);
}

/** The engine thread's cadence: every 250 ms batch of prints, then a drain heard by onBatch. */
function replayByBatch(run: Run, prints: Prints, stopped: () => boolean): void {
  const { tape, engine, ev, clock } = run;
  const ids = Int32Array.from(tape.symbols, (s) => engine.table.intern(s));
  const start = tape.session.start;
  let i = 0;
  while (i < prints.n) {
    if (stopped()) return;
    const bucket = Math.floor(((prints.ts[i] as number) - start) / BATCH_MS);
    const batchEnd = start + (bucket + 1) * BATCH_MS;
    refreshDue(run, batchEnd - BATCH_MS);
    for (; i < prints.n && (prints.ts[i] as number) < batchEnd; i++) {
      const ts = prints.ts[i] as number;
      clock[0] = ts;
      const c = prints.cond[i] as number;
      if (c === HALT || c === RESUME) {
        engine.ingestStatus({
          sym: tape.symbols[prints.sym[i] as number] as string,
          halted: c === HALT,
          reason: prints.reason[i] ?? '',
          ts,
        });
      } else
        engine.ingestTrade(
          ids[prints.sym[i] as number] as number,
          prints.price[i] as number,
          prints.size[i] as number,
          ts,
          c,
        );
    }
    run.printedSinceRefresh = true;
    clock[0] = batchEnd;
    engine.drainBatch();
    ev.onBatch(engine, batchEnd);
  }
}

/**
 * Filtered alerts only: a minute's prints, bar by bar (a symbol's prints stay in time order; the
 * order across symbols changes nothing a Discovery row reads), and its halts, then the refresh
 * due. The queue is cleared each minute: nobody reads it.
 */
function replayByMinute(run: Run, stopped: () => boolean): void {
  const { tape, engine } = run;
  const ids = Int32Array.from(tape.symbols, (s) => engine.table.intern(s));
  const from = tape.open.takenAt;
  const start = tape.session.start;
  const halts = haltOrder(tape, from);
  const bar = barScratch();
  let i = 0;
  let h = 0;
  while (i < tape.rows || h < halts.length) {
    if (stopped()) return;
    const rowMinute = i < tape.rows ? (tape.minute[i] as number) : Number.POSITIVE_INFINITY;
    const haltMinute =
      h < halts.length ? Math.floor(((tape.eTs[halts[h] as number] as number) - start) / MINUTE) : rowMinute;
    const m = Math.min(rowMinute, haltMinute);
    const base = start + m * MINUTE;
    let active = false;
    for (; i < tape.rows && tape.minute[i] === m; i++) {
      const id = ids[tape.sym[i] as number] as number;
      if (tape.trades[i] === 0) {
        const ts = base + (tape.tClose[i] as number);
        if (ts < from) continue;
        if (!active) refreshDue(run, base);
        active = true;
        engine.ingestTrade(id, tape.avg[i] as number, tape.volume[i] as number, ts, VOLUME_ONLY);
        continue;
      }
      const k = barPrints(tape, i, bar);
      for (let j = 0; j < k; j++) {
        const ts = base + (bar.at[j] as number);
        if (ts < from) continue;
        if (!active) refreshDue(run, base);
        active = true;
        engine.ingestTrade(id, bar.price[j] as number, bar.size[j] as number, ts);
      }
    }
    for (
      ;
      h < halts.length && Math.floor(((tape.eTs[halts[h] as number] as number) - start) / MINUTE) === m;
      h++
    ) {
      const e = halts[h] as number;
      if (!active) refreshDue(run, base);
      active = true;
      engine.ingestStatus({
        sym: tape.symbols[tape.eSym[e] as number] as string,
        halted: tape.eKind[e] === EVENT_HALT,
        reason: tape.eReason[e] ?? '',
        ts: tape.eTs[e] as number,
      });
    }
    if (!active) continue;
    run.printedSinceRefresh = true;
    engine.queue.clear();
  }
}

/** The tape's halts and resumes from `from` on, as indices in time order. */
function haltOrder(t: SessionTape, from: number): Int32Array {
  const out: number[] = [];
  for (let e = 0; e < t.events; e++) {
    const kind = t.eKind[e] as number;
    if ((kind === EVENT_HALT || kind === EVENT_RESUME) && (t.eTs[e] as number) >= from) out.push(e);
  }
  out.sort((a, b) => (t.eTs[a] as number) - (t.eTs[b] as number) || a - b);
  return Int32Array.from(out);
}
