// `node --import tsx bench/lab.bench.ts [--symbols=10000 --sessions=5 --long=30 --json
// --skip=filtered,ingest,symbol]`: the Alert lab's figures (issue 26) beside their targets. A
// script, not a test: figures, not pass/fail.
//
// - recorder_bytes_per_session_mb: one full-market session (`--symbols`, every symbol printing in
//   every regular minute and in a quarter of the extended-hours minutes, four prints a minute)
//   recorded by SessionRecorder, written by SessionFiles and sealed (sealed.bin: opening state and
//   bars by symbol block); recorder_live_bytes_per_session_mb the same before sealing (open.bin +
//   bars.bin), recorder_seal_s the sealing's time per session (a lab thread's work, once).
// - recorder_ingest_cost_pct: MarketEngine.ingestTrade throughput (prints per CPU second) with the
//   recorder's whole engine-thread work (before + trade per print, afterDrain, and each minute
//   flush, encode and deflate) against without, 3,000,000 prints over 6 hours of session.
// - backtest_filtered_5_sessions_s: one filtered alert (price_dist ≥ 5 %, 1-day) over `--sessions`
//   such sessions, read from disk as the lab's thread reads them.
// - backtest_symbol_30_sessions_s: one price alert on one symbol over `--long` sessions (the
//   `--sessions` files read again in turn, only the symbol's block, as the lab's thread reads
//   them), wall and CPU time.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { defaultChannels, type RuleSet, type StreamChannel } from '@tapeline/core';
import {
  backtestSession,
  isoDate,
  MarketEngine,
  nyDay,
  type ReferenceData,
  ruleSymbols,
  type SessionDay,
  SessionRecorder,
  seedHistory,
  sessionOfDay,
  simulatedHistory,
} from '@tapeline/market';
import { SessionFiles } from '../apps/server/src/modules/lab/sessionFiles.ts';
import { benchArg } from './benchArg.ts';

const SYMBOLS = benchArg('symbols', 10_000);
const SESSIONS = benchArg('sessions', 5);
const LONG = benchArg('long', 30);
const json = process.argv.includes('--json');
/** `--skip=filtered` (or ingest, symbol): leaves a figure out, for a quicker run. */
const SKIP = benchArg('skip', '').split(',');
/** recorder_ingest_cost_busy_pct: prints per symbol-minute of a busy market (the minute's rows shared by more prints). */
const BUSY_PRINTS = 20;

let seed = 12345;
const rand = () => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed / 0x7fffffff;
};

const refs: ReferenceData[] = Array.from({ length: SYMBOLS }, (_, i) => ({
  sym: `S${i.toString(36).toUpperCase().padStart(4, 'A')}`,
  name: `Symbol ${i}`,
  sector: i % 20,
  float: 1e6 + rand() * 1e9,
  shortRatio: 1,
  optionable: true,
  prevClose: 2 + rand() * 98,
  avgVolume: 1e5 + rand() * 1e7,
  exchange: 'NASDAQ',
}));

function sessionsBefore(ts: number, n: number): SessionDay[] {
  const out: SessionDay[] = [];
  for (let day = nyDay(ts) - 1; out.length < n; day--) {
    const s = sessionOfDay(day);
    if (s) out.unshift(s);
  }
  return out;
}

/** Records `days` synthetic full-market sessions into `dir`; answers bytes per session. */
function record(dir: string, days: SessionDay[]): number[] {
  const files = new SessionFiles(dir);
  const clock = new Float64Array([(days[0] as SessionDay).start - 1]);
  const engine = new MarketEngine({ clock: () => clock[0] as number, capacity: SYMBOLS + 16 });
  for (const r of refs) engine.setReference(r);
  seedHistory(engine, simulatedHistory(refs, { seed: 1, startTs: (days[0] as SessionDay).start }));
  const ids = Int32Array.from(refs, (r) => engine.table.intern(r.sym));
  const price = Float64Array.from(refs, (r) => r.prevClose);
  const rec = new SessionRecorder(engine.table, {
    sessionStarts(next) {
      engine.advance(next.start);
      files.begin({ date: isoDate(next.date), feed: 'bench', seeded: true, complete: true }, () =>
        engine.snapshot(),
      );
    },
  });
  const offsets = new Float64Array(4);
  for (const s of days) {
    for (let m = 0; m < 960; m++) {
      const at = s.start + m * 60_000;
      const regular = at >= s.open && at < s.close;
      for (let k = 0; k < SYMBOLS; k++) {
        if (!regular && rand() > 0.25) continue;
        for (let j = 0; j < 4; j++) offsets[j] = Math.floor(rand() * 60_000);
        offsets.sort();
        for (let j = 0; j < 4; j++) {
          const p = Math.max(0.5, (price[k] as number) * (1 + (rand() - 0.5) * 0.004));
          price[k] = Math.round(p * 100) / 100;
          const ts = at + (offsets[j] as number);
          rec.before(ts);
          rec.trade(ids[k] as number, price[k] as number, 100, ts, 0);
        }
      }
      const chunk = rec.flush(at + 60_000);
      if (chunk) files.append(isoDate(s.date), chunk);
    }
  }
  return days.map((s) => files.bytes(isoDate(s.date)));
}

/**
 * Ingest throughput with and without the recorder around each print, in prints per CPU second
 * (this process's CPU time: the figure holds on a loaded machine). With the recorder, its whole
 * work on the engine thread is counted: before + trade per print, afterDrain per drain, and each
 * minute (the host's tick) flush, encode and deflate.
 */
function ingestCost(printsPerSymbolMinute: number | null = null): number {
  const n = 3_000_000;
  // Default: 6 hours (the worst case, a minute row per few prints); else as many minutes as give
  // each symbol that many prints a minute.
  const span = printsPerSymbolMinute === null ? 6 * 3600_000 : (n / SYMBOLS / printsPerSymbolMinute) * 60_000;
  const day = sessionsBefore(Date.UTC(2026, 10, 25), 1)[0] as SessionDay;
  const run = (withRecorder: boolean) => {
    const engine = new MarketEngine({ clock: () => day.open, capacity: SYMBOLS + 16 });
    for (const r of refs) engine.setReference(r);
    const rec = new SessionRecorder(engine.table, { sessionStarts() {} });
    const ids = Int32Array.from(refs, (r) => engine.table.intern(r.sym));
    let minute = -1;
    const cpu = process.cpuUsage();
    for (let i = 0; i < n; i++) {
      const k = i % SYMBOLS;
      const ts = day.open + Math.floor((i / n) * span);
      const p = 10 + (i % 97) / 100;
      if (withRecorder) rec.before(ts);
      if (engine.ingestTrade(ids[k] as number, p, 100, ts) && withRecorder)
        rec.trade(ids[k] as number, p, 100, ts, 0);
      if ((i & 65535) === 65535) {
        engine.drainBatch();
        if (withRecorder) rec.afterDrain(engine);
      }
      // The minute check in both runs (the host's 1-second timer stands for it): only the flush,
      // encode and deflate are the recorder's.
      if (Math.floor(ts / 60_000) !== minute) {
        minute = Math.floor(ts / 60_000);
        const chunk = withRecorder ? rec.flush(ts) : null;
        if (chunk) deflateRawSync(chunk, { level: 6 });
      }
    }
    const used = process.cpuUsage(cpu);
    return n / ((used.user + used.system) / 1e6);
  };
  run(true);
  run(false);
  let without = 0;
  let withRec = 0;
  for (let k = 0; k < 3; k++) {
    without = Math.max(without, run(false));
    withRec = Math.max(withRec, run(true));
  }
  return ((without - withRec) / without) * 100;
}

const [main, alt] = defaultChannels() as [StreamChannel, StreamChannel];
const base: RuleSet = { tier: 'proplus', rules: [], filtered: [], channels: { main, alt }, favorites: [] };
const filtered: RuleSet = {
  ...base,
  filtered: [
    {
      name: 'Movers',
      type: 'all',
      values: { price_dist: { min: 5, max: null } },
      sector: { min: Array.from({ length: 20 }, (_, i) => i) },
      timeframe: { min: '1day' },
    },
  ],
};
const symbolRule: RuleSet = {
  ...base,
  rules: [{ id: 1, type: 'price', category: refs[0]?.sym as string, rate: 0.5, high: null, low: null }],
};

const dir = mkdtempSync(path.join(tmpdir(), 'lab-bench-'));
try {
  const days = sessionsBefore(Date.UTC(2026, 10, 25), SESSIONS);
  const liveBytes = record(dir, days);
  const files = new SessionFiles(dir);
  const dates = days.map((s) => isoDate(s.date));
  let started = performance.now();
  for (const d of dates) files.seal(d);
  const sealS = (performance.now() - started) / 1000 / dates.length;
  const bytes = dates.map((d) => files.bytes(d));
  const cost = SKIP.includes('ingest') ? Number.NaN : ingestCost();
  const busyCost = SKIP.includes('ingest') ? Number.NaN : ingestCost(BUSY_PRINTS);
  started = performance.now();
  let fires = 0;
  if (!SKIP.includes('filtered'))
    for (const d of dates) fires += backtestSession(files.read(d), filtered).length;
  const filteredS = SKIP.includes('filtered') ? Number.NaN : (performance.now() - started) / 1000;
  started = performance.now();
  const symbolCpu = process.cpuUsage();
  let symbolFires = 0;
  if (!SKIP.includes('symbol'))
    for (let k = 0; k < LONG; k++)
      symbolFires += backtestSession(
        files.read(dates[k % dates.length] as string, ruleSymbols(symbolRule)),
        symbolRule,
      ).length;
  const symbolS = SKIP.includes('symbol') ? Number.NaN : (performance.now() - started) / 1000;
  const symbolUsed = process.cpuUsage(symbolCpu);
  // CPU time beside wall time: on a loaded machine the wall time mostly measures the wait.
  const symbolCpuS = SKIP.includes('symbol') ? Number.NaN : (symbolUsed.user + symbolUsed.system) / 1e6;
  const mb = Math.max(...bytes) / 1e6;
  const liveMb = Math.max(...liveBytes) / 1e6;
  const figures = {
    recorder_bytes_per_session_mb: Number(mb.toFixed(1)),
    recorder_live_bytes_per_session_mb: Number(liveMb.toFixed(1)),
    recorder_seal_s: Number(sealS.toFixed(2)),
    recorder_ingest_cost_pct: Number(cost.toFixed(1)),
    recorder_ingest_cost_busy_pct: Number(busyCost.toFixed(1)),
    backtest_filtered_5_sessions_s: Number(filteredS.toFixed(2)),
    backtest_symbol_30_sessions_s: Number(symbolS.toFixed(2)),
    backtest_symbol_30_sessions_cpu_s: Number(symbolCpuS.toFixed(2)),
  };
  const rows: [string, number, string][] = [
    ['recorder_bytes_per_session_mb (sealed)', figures.recorder_bytes_per_session_mb, '≤ 100'],
    ['recorder_live_bytes_per_session_mb (before sealing)', figures.recorder_live_bytes_per_session_mb, '-'],
    ['recorder_seal_s (per session, lab thread)', figures.recorder_seal_s, '-'],
    ['recorder_ingest_cost_pct (worst case)', figures.recorder_ingest_cost_pct, '≤ 5'],
    [
      `recorder_ingest_cost_busy_pct (${BUSY_PRINTS} prints a symbol-minute)`,
      figures.recorder_ingest_cost_busy_pct,
      '≤ 5',
    ],
    [
      `backtest_filtered_${SESSIONS}_sessions_s (${fires} fires)`,
      figures.backtest_filtered_5_sessions_s,
      '≤ 10',
    ],
    [
      `backtest_symbol_${LONG}_sessions_s (${symbolFires} fires)`,
      figures.backtest_symbol_30_sessions_s,
      '≤ 2',
    ],
    [`backtest_symbol_${LONG}_sessions_cpu_s`, figures.backtest_symbol_30_sessions_cpu_s, '-'],
  ];
  console.log(`Alert lab, ${SYMBOLS} symbols`);
  for (const [name, value, target] of rows)
    console.log(`${name.padEnd(52)} ${String(value).padStart(10)}   target ${target}`);
  if (json) console.log(JSON.stringify(figures));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
