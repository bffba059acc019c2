import { nextSession, type SessionDay, sessionAt } from '../calendar/session.ts';
import type { ReferenceData } from '../events.ts';
import { HaltBook, LUDP, NEWS_HALT_CYCLE, REASONS } from './halts.ts';
import { NEWS_PICK_SHARE, NewsBook } from './news.ts';
import { createRng, subSeed } from './prng.ts';
import { intensity, luldBand, RUNNER_OPEN_MS, runnerPhase, runnerSizeByPhase } from './profile.ts';
import { buildDay, type DayState, OPEN_DRIVE_MS, pickWeighted, RUNNER_SHARE } from './state.ts';
import { generateListing, INDEX_ETFS, roundToTick } from './universe.ts';
import { emptyWire, SIM_FORMS, type SimNewsKind, scheduleWire, type WireDay } from './wire.ts';

// The market simulator's pure core: a seeded, deterministic tape. Prints arrive as a Poisson
// process whose rate follows the intraday profile; each picks a symbol by weight, moves its price
// by a random step (plus the runners' drift and news spikes), and prints on the tick grid.
// Halts come from LULD band breaches (LUDP, either side) and news (T1, T2, T12), each resumed
// later with the same reason. The output depends only on the seed and the options: the next print is drawn ahead
// (in fractional ms; events carry whole ms), so cutting the same span into other steps gives the
// same tape.

export interface SimulatorOptions {
  seed: number;
  /** Universe size, the three index ETFs included (default 10,000). */
  symbols?: number;
  /** Virtual start instant (UTC ms); the first print comes after it. */
  startTs: number;
  /** Average prints per second over the regular session, all symbols together (default 5,000). */
  tradesPerSecond?: number;
  /** Momentum runners per day (default 30, or 1 per 300 symbols when fewer). */
  runners?: number;
}

export interface SimulatorSink {
  trade(sym: string, price: number, size: number, ts: number): void;
  status(sym: string, halted: boolean, reason: string, ts: number): void;
  /**
   * A news item of the simulated wire: a runner's pre-market catalyst, its intraday news (a
   * spike, or a news halt), or a filing (with its form). A day's catalysts and filings dated
   * before the simulator's start come at once, with their own times.
   */
  news?(sym: string, ts: number, kind: SimNewsKind, form?: string): void;
}

export interface Simulator {
  /** Reference data for today (prevClose is the previous simulated day's last print after a rollover). */
  reference(): ReferenceData[];
  /** Emits every event up to and including toTs, in time order; returns how many. */
  step(toTs: number, sink: SimulatorSink): number;
  /** Counts the session rollovers; a change means reference() has new prevClose values. */
  readonly day: number;
}

const MINUTE = 60_000;
/** Halt lengths by reason (LUDP, T1, T12, T2): an LULD pause lasts 5 minutes, news halts longer. */
const HALT_MS = [5 * MINUTE, 15 * MINUTE, 40 * MINUTE, 10 * MINUTE];
/**
 * Share of a runner's news during the regular session that halts it (the rest spike it): half in
 * the first half hour, when the news that was pending at the bell comes out, a fifth later.
 */
const NEWS_HALT_SHARE_OPEN = 0.5;
const NEWS_HALT_SHARE = 0.2;
/** A print in a news spike is this many times the runner's usual print. */
const SPIKE_SIZE = 2;

export function createSimulator(options: SimulatorOptions): Simulator {
  const count = Math.max(3, options.symbols ?? 10_000);
  const rate = options.tradesPerSecond ?? 5_000;
  const runnerCount = options.runners ?? Math.min(30, Math.ceil(count / 300));
  const { refs, caps } = generateListing(options.seed, count);
  const syms = refs.map((r) => r.sym);
  const rng = createRng(subSeed(options.seed, 1));
  const prevClose = Float64Array.from(refs, (r) => r.prevClose);
  const last = Float64Array.from(prevClose);
  const halts = new HaltBook(count);
  const haltUntil = halts.until;
  const resumeJump = new Float64Array(count).fill(1);
  const bandRef = new Float64Array(count);
  const bandTs = new Float64Array(count);
  let st: DayState = buildDay(refs, caps, prevClose, rng, rate, runnerCount);
  let news = new NewsBook(0, rng, 0);
  let wire: WireDay = emptyWire();
  let wireAt = 0;
  /** The day's news halts so far, from a seeded start in NEWS_HALT_CYCLE. */
  let newsHalts = 0;
  let day = 0;
  let sess: SessionDay | null = null;
  // Instants live in a typed array: a double in a closure variable is boxed on every store.
  const clock = new Float64Array(4); // [next print, span start, span end, opening drive's end]
  /** Runner print-size multiplier per phase of the current session (profile.ts). */
  const runnerSize = new Float64Array(4).fill(1);

  const ratePerMs = (ts: number): number => (sess ? (intensity(sess, ts) * rate) / 1000 : 0);

  /** A new trading day: yesterday's last prints become prevClose, new runners, fresh news clocks. */
  function newDay(from: number, s: SessionDay): void {
    if (day++ > 0) {
      for (let i = 0; i < count; i++) prevClose[i] = last[i] as number;
      st = buildDay(refs, caps, prevClose, rng, rate, runnerCount);
    }
    news = new NewsBook(st.runners.length, rng, from);
    newsHalts = rng.int(NEWS_HALT_CYCLE.length);
    wire = scheduleWire(options.seed, s, st.runners, count, Math.min(count, INDEX_ETFS.length));
    wireAt = 0;
  }

  /** The next scheduled wire item's time (Infinity when the day's are out). */
  const wireNext = (): number =>
    wireAt < wire.ts.length ? (wire.ts[wireAt] as number) : Number.POSITIVE_INFINITY;

  function emitWire(sink: SimulatorSink): void {
    const k = wireAt++;
    const f = wire.form[k] as number;
    sink.news?.(
      syms[wire.sym[k] as number] as string,
      wire.ts[k] as number,
      wire.kind[k] as SimNewsKind,
      f >= 0 ? SIM_FORMS[f] : undefined,
    );
  }

  /** Finds the session (or closed span) containing ts; a new session date starts a new day. */
  function locate(ts: number): void {
    const s = sessionAt(ts);
    if (s) {
      if (sess === null || s.date !== sess.date) {
        newDay(ts, s);
        runnerSizeByPhase(s, runnerSize);
      }
      sess = s;
      clock[3] = s.open + OPEN_DRIVE_MS;
      clock[1] = s.start;
      clock[2] = s.end;
    } else {
      clock[1] = ts;
      clock[2] = nextSession(ts).start;
      if (sess && ts >= sess.end) sess = null;
    }
  }

  /**
   * Moves clock[0] to the next print instant (memoryless: redrawing at a span edge is exact).
   * Instants go through the typed array, not arguments, so no double is boxed per print.
   */
  function drawNext(): void {
    let t = clock[0] as number;
    for (;;) {
      if (t < (clock[1] as number) || t >= (clock[2] as number) || sess === null) locate(t);
      const r = sess && t >= sess.start && t < sess.end ? ratePerMs(t) : 0;
      if (r > 0) {
        const next = t + rng.exp() / r;
        if (next < (clock[2] as number)) {
          clock[0] = next;
          return;
        }
      }
      t = clock[2] as number;
    }
  }

  function halt(i: number, code: number, ts: number, sink: SimulatorSink): void {
    halts.add(i, code, ts + (HALT_MS[code] as number) + rng.int(10_000));
    sink.status(syms[i] as string, true, REASONS[code] as string, Math.floor(ts));
  }

  /** Resumes the earliest halt; a news halt reopens at a new level (the news "priced in"). */
  function resumeNext(sink: SimulatorSink): void {
    const i = halts.popEarliest();
    const ts = haltUntil[i] as number;
    haltUntil[i] = 0;
    st.price[i] = (st.price[i] as number) * (resumeJump[i] as number);
    resumeJump[i] = 1;
    bandRef[i] = st.price[i] as number;
    bandTs[i] = ts;
    sink.status(syms[i] as string, false, REASONS[halts.code[i] as number] as string, Math.floor(ts));
  }

  /** News on a runner: mostly a spike (a few minutes of hard buying), sometimes a news halt. */
  function onNews(sink: SimulatorSink): number {
    const ts = news.earliest;
    const k = news.pop();
    const i = st.runners[k] as number;
    const open = sess !== null && ts >= sess.open && ts < sess.close;
    const u = rng.next();
    const share = sess !== null && ts < sess.open + RUNNER_OPEN_MS ? NEWS_HALT_SHARE_OPEN : NEWS_HALT_SHARE;
    if (open && haltUntil[i] === 0 && u < share) {
      // A runner's news moves it its own way: up for a gapper up, down for a gapper down, mostly.
      const up = (st.drift[i] as number) >= 0 ? rng.next() < 0.75 : rng.next() < 0.25;
      resumeJump[i] = 1 + (up ? 0.3 : -0.2) * rng.next();
      halt(i, NEWS_HALT_CYCLE[newsHalts++ % NEWS_HALT_CYCLE.length] as number, ts, sink);
      sink.news?.(syms[i] as string, Math.floor(ts), 'halt');
      return 1;
    }
    sink.news?.(syms[i] as string, Math.floor(ts), 'spike');
    const window = (3 + 7 * rng.next()) * MINUTE;
    news.until[k] = ts + window;
    const expected = Math.max(1, ((ratePerMs(ts) * RUNNER_SHARE * NEWS_PICK_SHARE) / 2) * window);
    const jump = Math.log(1.08 + 0.22 * rng.next());
    const up = (st.drift[i] as number) >= 0 ? rng.next() < 0.8 : rng.next() < 0.2;
    news.drift[k] = (up ? jump : -jump) / expected;
    return 0;
  }

  function print(sink: SimulatorSink): boolean {
    const ts = clock[0] as number;
    let i: number;
    let extra = 0;
    // A runner's print is sized for its phase of the day (most of its volume before 10:00).
    let scale = 1;
    if (st.runners.length > 0 && rng.next() < RUNNER_SHARE) {
      const k = news.pick(ts);
      i = st.runners[k] as number;
      if ((news.until[k] as number) > ts) extra = news.drift[k] as number;
      if (sess !== null) scale = runnerSize[runnerPhase(sess, ts)] as number;
    } else {
      i = pickWeighted(st.cumWeight, rng.next());
    }
    if (haltUntil[i] !== 0) return false;
    // Volume follows price: a print in a news spike is a bigger one.
    if (extra !== 0) scale *= SPIKE_SIZE;
    if (ts < (clock[3] as number) && sess !== null && ts >= sess.open) extra += st.openDrift[i] as number;
    const p = Math.min(
      100_000,
      Math.max(
        0.0001,
        (st.price[i] as number) *
          Math.exp((st.drift[i] as number) + extra + (st.sigma[i] as number) * rng.normal()),
      ),
    );
    st.price[i] = p;
    const px = roundToTick(p);
    if (sess !== null && ts >= sess.open && ts < sess.close) {
      if (ts - (bandTs[i] as number) > 5 * MINUTE || bandRef[i] === 0) {
        bandRef[i] = px;
        bandTs[i] = ts;
      } else if (Math.abs(px / (bandRef[i] as number) - 1) > luldBand(bandRef[i] as number)) {
        halt(i, LUDP, ts, sink);
        return true;
      }
    }
    const m = (st.meanSize[i] as number) * rng.exp() * scale;
    const size = m < 100 ? Math.max(1, Math.round(m)) : Math.round(m / 100) * 100;
    last[i] = px;
    sink.trade(syms[i] as string, px, size, Math.floor(ts));
    return true;
  }

  clock[0] = options.startTs;
  drawNext();
  return {
    get day() {
      return day;
    },
    reference: () => refs.map((r, i) => ({ ...r, prevClose: prevClose[i] as number })),
    step(toTs: number, sink: SimulatorSink): number {
      let emitted = 0;
      for (;;) {
        const due = Math.min(clock[0] as number, toTs);
        for (;;) {
          // The wire's scheduled items draw nothing from the tape's generator: emitting them
          // in time order among halts and news leaves every print where it was.
          if (wireNext() <= due && wireNext() <= halts.next && wireNext() <= news.earliest) {
            emitWire(sink);
            continue;
          }
          if (!(halts.next <= due || news.earliest <= due)) break;
          if (halts.next <= news.earliest) {
            resumeNext(sink);
            emitted++;
          } else emitted += onNews(sink);
        }
        if ((clock[0] as number) > toTs) break;
        if (print(sink)) emitted++;
        drawNext();
      }
      return emitted;
    },
  };
}
