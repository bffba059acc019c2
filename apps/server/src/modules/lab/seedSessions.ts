import {
  createSimulator,
  isoDate,
  MarketEngine,
  nyDay,
  type SessionDay,
  type SimulatorSink,
  seedHistory,
  sessionOfDay,
  simulatedHistory,
} from '@tapeline/market';
import { DEFAULT_SIM_SYMBOLS } from '../../platform/envSchema.ts';
import { startRecorder } from './recorderHost.ts';
import { SessionFiles } from './sessionFiles.ts';

// The simulator's first start seeds the recorder with simulated past sessions, so the lab works
// on embedded defaults (docs/alerts.md "Alert lab"). The same simulator and seed as the live tape
// (its universe and reference data), at a lighter print rate — SEED_TRADES_PER_SECOND — so five
// sessions take a few seconds of a background thread; through a MarketEngine and the recorder,
// exactly as a live session is recorded.

export const SEED_TRADES_PER_SECOND = 40;
export const SEEDED_SESSIONS = 5;

/**
 * How many past sessions a first start seeds: SEEDED_SESSIONS for the default universe, fewer in
 * proportion for a smaller one, at least one. Seeding costs CPU in proportion to symbols ×
 * sessions (about 3 ms a symbol-session: 6 s for one of 2,000 symbols); a small simulated
 * universe is a small machine (a laptop, the e2e server beside its browser), where five sessions
 * would take the cores from the first minute of use. One session is what the lab needs to run.
 */
export function sessionsToSeed(symbols: number): number {
  const proportional = Math.round((SEEDED_SESSIONS * symbols) / DEFAULT_SIM_SYMBOLS);
  return Math.min(SEEDED_SESSIONS, Math.max(1, proportional));
}

/** The `count` trading sessions before the one containing (or following) `before`, oldest first. */
export function sessionsBefore(before: number, count: number): SessionDay[] {
  const out: SessionDay[] = [];
  for (let day = nyDay(before) - 1; out.length < count; day--) {
    const s = sessionOfDay(day);
    if (s && s.end <= before) out.unshift(s);
  }
  return out;
}

/** What a seeding run needs: where, how many kept, the simulator's seed and size, and before when. */
export interface SeedTask {
  dir: string;
  keep: number;
  seed: number;
  symbols: number;
  before: number;
  sessions: number;
  /** Seal each seeded session (default): the lab's first read then costs no resealing. */
  seal?: boolean;
}

export function seedSessions(task: SeedTask): string[] {
  const files = new SessionFiles(task.dir);
  const days = sessionsBefore(task.before, task.sessions);
  const first = days[0];
  if (!first || days.every((s) => files.readMeta(isoOf(s))?.complete)) return [];
  const sim = createSimulator({
    seed: task.seed,
    symbols: task.symbols,
    tradesPerSecond: SEED_TRADES_PER_SECOND,
    startTs: first.start - 1,
  });
  const clock = new Float64Array([first.start - 1]);
  const engine = new MarketEngine({
    clock: () => clock[0] as number,
    capacity: Math.max(1024, task.symbols + 16),
  });
  const refs = sim.reference();
  for (const r of refs) engine.setReference(r);
  const host = startRecorder(engine, { dir: task.dir, feed: 'simulator', keep: task.keep, seeded: true });
  const rec = host.recorder;
  // Bars up to the first seeded session, as the live simulator seeds its first session.
  seedHistory(engine, simulatedHistory(refs, { seed: task.seed, startTs: first.start }));
  const sink: SimulatorSink = {
    trade(sym, price, size, ts) {
      const id = engine.table.intern(sym);
      rec.before(ts);
      if (engine.ingestTrade(id, price, size, ts)) rec.trade(id, price, size, ts, 0);
    },
    status(sym, halted, reason, ts) {
      rec.before(ts);
      engine.ingestStatus({ sym, halted, reason, ts });
    },
  };
  let day = sim.day;
  for (const s of days) {
    sim.step(s.start - 1, { trade() {}, status() {} });
    for (let ts = s.start; ts <= s.end; ts += 1000) {
      sim.step(ts, sink);
      if (sim.day !== day) {
        day = sim.day;
        for (const r of sim.reference()) engine.setReference(r);
      }
      clock[0] = ts;
      engine.drainBatch();
      rec.afterDrain(engine);
      host.tick(ts);
    }
  }
  host.close((days[days.length - 1] as SessionDay).end);
  if (task.seal !== false) for (const s of days) files.seal(isoOf(s));
  return days.map(isoOf);
}

const isoOf = (s: SessionDay) => isoDate(s.date);
