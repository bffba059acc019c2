import { type Clock, systemClock, type Timer } from '../../../../platform/clock.ts';
import { emptyStats, type FeedSink, type FeedStats, type MarketFeed } from '../feed.ts';
import { createSimulator, openingBell, type SimulatorSink, simulatedHistory, virtualTime } from './core.ts';

// Runs the pure simulator on a timer. Virtual clock (default): starts at the opening bell of the
// current or next trading day and runs `speed` times faster than the wall. Wall clock: follows
// real time from now, so the tape is quiet when the market is closed.

export interface SimulatorFeedOptions {
  seed: number;
  symbols: number;
  tradesPerSecond: number;
  clock: 'virtual' | 'wall';
  speed: number;
  /** How often the simulator catches up with the clock (default 50 ms). */
  tickMs?: number;
  /** The wall clock it catches up with, and its timer (default the system's). */
  wall?: Clock;
  /** Overrides the virtual start (tests, tools); default: the opening bell. */
  startTs?: number;
}

export class SimulatorFeed implements MarketFeed {
  readonly name = 'simulator';
  private timer: Timer | null = null;
  private readonly counters: FeedStats = emptyStats();
  private readonly wall: Clock;
  /** Where virtual time starts; known before start() so the engine can be told its first session. */
  readonly startTs: number;
  /** A restored checkpoint's time: the tape goes on from there (resumeFrom). */
  private resumeTs: number | null = null;

  constructor(private readonly options: SimulatorFeedOptions) {
    this.wall = options.wall ?? systemClock;
    const now = this.wall.now();
    this.startTs = options.startTs ?? (options.clock === 'wall' ? now : openingBell(now));
  }

  /**
   * Goes on from `ts` (a restored checkpoint's engine clock) rather than from the start: the
   * seeded tape is replayed up to it unseen (the engine already holds those prints; the day's
   * news items still go to the sink) and printed from there, so a restarted engine continues the
   * same session and makes new highs and lows as the first run would have.
   */
  resumeFrom(ts: number): void {
    if (ts > this.startTs) this.resumeTs = ts;
  }

  async start(sink: FeedSink): Promise<void> {
    const { seed, symbols, tradesPerSecond } = this.options;
    const sim = createSimulator({ seed, symbols, tradesPerSecond, startTs: this.startTs });
    const counters = this.counters;
    // One counting sink for the whole run: the per-print path allocates nothing.
    const inner: SimulatorSink = {
      trade(sym, price, size, ts) {
        counters.trades++;
        sink.trade(sym, price, size, ts);
      },
      status(sym, halted, reason, ts) {
        counters.statuses++;
        sink.status(sym, halted, reason, ts);
      },
      news(sym, ts, kind, form) {
        sink.news?.(sym, ts, kind, form);
      },
    };
    const refs = sim.reference();
    sink.reference(refs);
    // Bars up to the first session, so every indicator is known from the first print. Only once:
    // from then on the engine makes its own bars from the tape, continuing these across each
    // new day, and the prevClose of a new day's reference is the tape's own last print.
    sink.history?.(simulatedHistory(refs, { seed, startTs: this.startTs }));
    let day = sim.day;
    const from = this.resumeTs ?? this.startTs;
    if (from > this.startTs) {
      // The same tape cut at another step gives the same prints (packages/market simulator).
      sim.step(from, { trade: () => {}, status: () => {}, news: inner.news });
      if (sim.day !== day) {
        day = sim.day;
        sink.reference(sim.reference());
      }
    }
    sink.clock?.(from);
    const speed = this.options.clock === 'wall' ? 1 : this.options.speed;
    const wallStart = this.wall.now();
    const tick = () => {
      const ts = Math.floor(virtualTime(from, wallStart, this.wall.now(), speed));
      sim.step(ts, inner);
      // A new trading day brings new prevClose values: hand the engine fresh reference data.
      if (sim.day !== day) {
        day = sim.day;
        sink.reference(sim.reference());
      }
      sink.clock?.(ts);
    };
    this.timer = this.wall.setInterval(tick, this.options.tickMs ?? 50);
  }

  async stop(): Promise<void> {
    this.timer?.cancel();
    this.timer = null;
  }

  stats(): FeedStats {
    return { ...this.counters };
  }
}
