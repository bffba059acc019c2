import { parentPort, workerData } from 'node:worker_threads';
import type { BacktestFire, BacktestRule, RuleSet } from '@tapeline/core';
import { backtestSession, ruleSymbols, type SessionTape, sessionBars, summarize } from '@tapeline/market';
import { type SeedTask, seedSessions } from './seedSessions.ts';
import { SessionFiles } from './sessionFiles.ts';

// The Alert lab's thread (never the request thread): one backtest (then it ends; cancelling one
// terminates its thread), the simulator's seeded sessions, or — long-lived — the chart's bars.

export type LabTask =
  | { kind: 'backtest'; dir: string; dates: string[]; set: RuleSet; rule: BacktestRule }
  | ({ kind: 'seed' } & SeedTask)
  | { kind: 'serve'; dir: string };

export type LabMessage =
  | { type: 'progress'; done: number; total: number }
  | { type: 'done'; result: unknown }
  | { type: 'failed'; message: string }
  | { type: 'bars'; id: number; json: string | null };

if (!parentPort) throw new Error('labWorker.ts runs as a worker thread');
const port = parentPort;
const task = workerData as LabTask;
const send = (m: LabMessage) => port.postMessage(m);

function backtest(t: Extract<LabTask, { kind: 'backtest' }>): void {
  const files = new SessionFiles(t.dir);
  const fires: BacktestFire[] = [];
  // A rule on one symbol reads (and restores) only its symbol's block of a sealed session.
  const symbols = ruleSymbols(t.set);
  send({ type: 'progress', done: 0, total: t.dates.length });
  t.dates.forEach((date, k) => {
    fires.push(...backtestSession(files.read(date, symbols), t.set));
    send({ type: 'progress', done: k + 1, total: t.dates.length });
  });
  send({ type: 'done', result: summarize(t.rule, t.dates, fires) });
}

/** The chart's reads: the last few sessions stay decoded, the newest re-read (it still grows). */
function serve(dir: string): void {
  const files = new SessionFiles(dir);
  const cache = new Map<string, SessionTape>();
  port.on('message', (m: { id: number; date: string; symbol: string; fresh: boolean }) => {
    try {
      let tape = m.fresh ? undefined : cache.get(m.date);
      if (!tape) {
        if (!files.has(m.date)) return send({ type: 'bars', id: m.id, json: null });
        tape = files.read(m.date);
        cache.set(m.date, tape);
        if (cache.size > 3) cache.delete(cache.keys().next().value as string);
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
  else if (task.kind === 'seed') {
    seedSessions(task);
    send({ type: 'done', result: null });
  } else serve(task.dir);
} catch (error) {
  send({ type: 'failed', message: (error as Error).message });
}
