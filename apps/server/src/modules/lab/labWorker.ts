import { availableParallelism } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import type { BacktestFire, BacktestRule, RuleSet } from '@tapeline/core';
import { backtestSession, ruleSymbols, type SessionTape, sessionBars, summarize } from '@tapeline/market';
import { startThread } from '../../platform/build.ts';
import { systemClock } from '../../platform/clock.ts';
import { type SeedTask, seedSessions } from './seedSessions.ts';
import { SessionFiles } from './sessionFiles.ts';

// The Alert lab's thread (never the request thread): one backtest (then it ends; cancelling one
// terminates its thread, and with it the helper thread it started), the simulator's seeded
// sessions, or — long-lived — the chart's bars.
//
// A whole-market backtest (filtered alerts, smart filters, stream categories, halts) over several
// sessions shares them with one helper thread (`sessions`): sessions are independent (each its
// own engine and evaluator), so two cores replay two at once; the fires are joined in date order,
// the same result as one thread's. A rule on one symbol reads only its block: one thread.

/** Threads a whole-market backtest runs on: this machine's two cores. */
export const BACKTEST_THREADS = Math.max(1, Math.min(2, availableParallelism()));

export type LabTask =
  | { kind: 'backtest'; dir: string; dates: string[]; set: RuleSet; rule: BacktestRule }
  | { kind: 'sessions'; dir: string; dates: string[]; set: RuleSet }
  | ({ kind: 'seed' } & SeedTask)
  | { kind: 'serve'; dir: string };

export type LabMessage =
  | { type: 'progress'; done: number; total: number }
  | { type: 'done'; result: unknown }
  | { type: 'failed'; message: string }
  | { type: 'bars'; id: number; json: string | null }
  | { type: 'fires'; date: string; fires: BacktestFire[] };

if (!parentPort) throw new Error('labWorker.ts runs as a worker thread');
const port = parentPort;
const task = workerData as LabTask;
const send = (m: LabMessage) => port.postMessage(m);

/** One session's fires: a rule on one symbol reads (and restores) only its symbol's block. */
function session(files: SessionFiles, date: string, set: RuleSet): BacktestFire[] {
  return backtestSession(files.read(date, ruleSymbols(set)), set);
}

function backtest(t: Extract<LabTask, { kind: 'backtest' }>): void {
  const files = new SessionFiles(t.dir);
  const total = t.dates.length;
  const byDate = new Map<string, BacktestFire[]>();
  const threads = ruleSymbols(t.set) === null ? Math.min(BACKTEST_THREADS, total) : 1;
  const mine = t.dates.filter((_, k) => k % threads === 0);
  const theirs = t.dates.filter((_, k) => k % threads !== 0);
  let over = false;
  const fail = (message: string) => {
    if (over) return;
    over = true;
    send({ type: 'failed', message });
  };
  const got = (date: string, fires: BacktestFire[]) => {
    byDate.set(date, fires);
    send({ type: 'progress', done: byDate.size, total });
    if (byDate.size < total || over) return;
    over = true;
    const all = t.dates.flatMap((d) => byDate.get(d) ?? []);
    send({ type: 'done', result: summarize(t.rule, t.dates, all) });
  };
  send({ type: 'progress', done: 0, total });
  if (theirs.length > 0) {
    const helper = startThread('labWorker', new URL('./labWorker.ts', import.meta.url), {
      workerData: { kind: 'sessions', dir: t.dir, dates: theirs, set: t.set } satisfies LabTask,
    });
    helper.on('message', (m: LabMessage) => {
      if (m.type === 'fires') got(m.date, m.fires);
      else if (m.type === 'failed') fail(m.message);
    });
    helper.on('error', (error) => fail(error.message));
  }
  // One session at a time, the event loop between them: the helper's answers (and progress) go
  // out as they come rather than after this thread's last session.
  const next = (k: number) => {
    if (k >= mine.length || over) return;
    try {
      const date = mine[k] as string;
      got(date, session(files, date, t.set));
      systemClock.defer(() => next(k + 1));
    } catch (error) {
      fail((error as Error).message);
    }
  };
  next(0);
}

/** A helper's share of a backtest: each session's fires as they are done. */
function sessions(t: Extract<LabTask, { kind: 'sessions' }>): void {
  const files = new SessionFiles(t.dir);
  for (const date of t.dates) send({ type: 'fires', date, fires: session(files, date, t.set) });
}

/** The chart's reads: the last few (session, symbol) stay decoded, the newest re-read (it still grows). */
function serve(dir: string): void {
  const files = new SessionFiles(dir);
  const cache = new Map<string, SessionTape>();
  port.on('message', (m: { id: number; date: string; symbol: string; fresh: boolean }) => {
    try {
      const key = `${m.date} ${m.symbol}`;
      let tape = m.fresh ? undefined : cache.get(key);
      if (!tape) {
        if (!files.has(m.date)) return send({ type: 'bars', id: m.id, json: null });
        // A sealed session reads the symbol's block only; the newest, still written, reads whole.
        tape = files.read(m.date, [m.symbol]);
        cache.set(key, tape);
        if (cache.size > 8) cache.delete(cache.keys().next().value as string);
      }
      const bars = sessionBars(tape, m.symbol);
      send({ type: 'bars', id: m.id, json: bars ? JSON.stringify(bars) : null });
    } catch {
      send({ type: 'bars', id: m.id, json: null });
    }
  });
}

try {
  if (task.kind === 'backtest') backtest(task);
  else if (task.kind === 'sessions') sessions(task);
  else if (task.kind === 'seed') {
    seedSessions(task);
    send({ type: 'done', result: null });
  } else serve(task.dir);
} catch (error) {
  send({ type: 'failed', message: (error as Error).message });
}
