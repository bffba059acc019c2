import { BarStore } from '../bars/barStore.ts';
import {
  latestSession,
  phaseIn,
  type SessionDay,
  type SessionPhase,
  sessionAt,
} from '../calendar/session.ts';
import {
  UPDATES_ALL,
  UPDATES_HIGH_LOW,
  UPDATES_LAST,
  UPDATES_VOLUME,
  updatesOf,
} from '../conditions/conditions.ts';
import type { ReferenceData, StatusEvent, TradeEvent } from '../events.ts';
import { IND_STRIDE } from '../indicators/barState.ts';
import {
  continueSnapshot,
  type EngineSnapshot,
  type RestoreResult,
  restoreSnapshot,
  takeSnapshot,
} from '../snapshot/snapshot.ts';
import { DayState, SPARK_SLOT_MS, SPARK_STRIDE } from '../state/day.ts';
import { Interner, SymbolTable } from '../state/symbols.ts';
import { VolumeProfile } from '../state/volumeProfile.ts';
import { drainStream } from '../stream/drain.ts';
import type { StreamBatch } from '../stream/entry.ts';
import { type RecentStreamOptions, recentStream } from '../stream/recent.ts';
import { StreamQueue } from '../stream/streamQueue.ts';
import { fillBarStarts, SLOT_MS, slotIndex, TF_COUNT } from '../timeframes.ts';
import type { EngineState, SessionControl } from './engineState.ts';

export interface EngineOptions {
  /** Current time in ms since epoch: the wall clock, the simulator's or the replay file's. */
  readonly clock: () => number;
  /** Symbols to make room for up front (grows by doubling). Default 1024. */
  readonly capacity?: number;
  /** Completed bars kept per symbol and timeframe. Default 12. */
  readonly barHistory?: number;
  /** The stream's epoch (`ep`): the engine's wall-clock start (ms). Default: the clock at construction. */
  readonly epoch?: number;
}

/** Counters of input the engine refused, for the operator. */
export interface EngineStats {
  rejected: number;
  /** Prints whose sale conditions let them update nothing (e.g. a market center's official close). */
  ineligible: number;
  outOfSession: number;
  stale: number;
}

// The engine: one instance owns every per-symbol table and is driven from one thread. Events
// carry their own time; the injected clock decides only session rollover and what "now" is
// for drains and Discovery.
export class MarketEngine implements EngineState, SessionControl {
  readonly clock: () => number;
  readonly table: SymbolTable;
  readonly day: DayState;
  readonly bars: BarStore;
  readonly profile: VolumeProfile;
  readonly queue: StreamQueue;
  /** Names this engine's run in every stream batch, so clients can tell a restart (`seq` starts over). */
  readonly epoch: number;
  reasons = new Interner();
  readonly stats: EngineStats = { rejected: 0, ineligible: 0, outOfSession: 0, stale: 0 };
  /** The session state belongs to: the latest one begun by the clock or by a print. */
  session: SessionDay;
  /** Bar starts of the 15-minute slot [slotFrom, slotTo) of the last print. */
  readonly starts = new Float64Array(TF_COUNT);
  private slotFrom = 0;
  private slotTo = 0;
  private slot = 0;
  readonly scratch = new Float64Array(IND_STRIDE);

  constructor(opts: EngineOptions) {
    this.clock = opts.clock;
    const cap = Math.max(16, opts.capacity ?? 1024);
    this.table = new SymbolTable(cap, (c) => this.grow(c));
    this.day = new DayState(cap);
    this.bars = new BarStore(cap, Math.max(2, opts.barHistory ?? 12));
    this.profile = new VolumeProfile(cap);
    this.queue = new StreamQueue(cap);
    this.session = latestSession(this.clock());
    this.epoch = opts.epoch ?? this.clock();
  }

  private grow(capacity: number): void {
    this.day.cols.grow(capacity);
    this.bars.cols.grow(capacity);
    this.profile.cols.grow(capacity);
    this.queue.grow(capacity);
  }

  /** Loads or refreshes one symbol's reference data; returns its id (−1 for test symbols). */
  setReference(ref: ReferenceData): number {
    return this.table.setReference(ref);
  }

  idOf(sym: string): number {
    return this.table.idOf(sym);
  }

  /**
   * An article about sym published at ts: the latest news time of any kind, and of stories
   * (not regulatory filings). Each only moves forward, so a late or replayed time changes nothing.
   */
  setNewsTime(sym: string, ts: number, filing = false): void {
    const id = this.table.intern(sym);
    if (id < 0 || !Number.isFinite(ts)) return;
    const t = this.table;
    if (!((t.newsTs[id] as number) >= ts)) t.newsTs[id] = ts;
    if (!filing && !((t.storyTs[id] as number) >= ts)) t.storyTs[id] = ts;
  }

  setTrending(sym: string, trending: boolean): void {
    const id = this.table.intern(sym);
    if (id >= 0) this.table.trending[id] = trending ? 1 : 0;
  }

  /** Phase of the market at the engine clock. */
  phase(): SessionPhase {
    const now = this.clock();
    return phaseIn(sessionAt(now), now);
  }

  /** A normalized trade; false when refused (test symbol, bad numbers, outside a session). */
  ingest(t: TradeEvent): boolean {
    return this.ingestTrade(this.table.intern(t.sym), t.price, t.size, t.ts, t.conditions ?? 0);
  }

  /**
   * The hot path: no allocation unless the print opens a new slot, session or symbol.
   * `conditions` are the print's normalized sale conditions (conditions.ts, 0 = regular): the
   * eligibility table decides whether it sets last, high/low and volume (docs/metrics.md,
   * "Which prints count"). A print that may update nothing is refused.
   */
  ingestTrade(id: number, price: number, size: number, ts: number, conditions = 0): boolean {
    if (
      id < 0 ||
      !(price > 0 && price < Number.POSITIVE_INFINITY) ||
      !(size >= 0 && size < Number.POSITIVE_INFINITY)
    ) {
      this.stats.rejected++;
      return false;
    }
    const upd = conditions === 0 ? UPDATES_ALL : updatesOf(conditions);
    if (upd === 0) {
      this.stats.ineligible++;
      return false;
    }
    if (!(ts >= this.slotFrom && ts < this.slotTo) && !this.locate(ts)) return false;
    const d = this.day;
    let newHigh = false;
    let newLow = false;
    // The bars' reference: the last eligible price before this print.
    const ref = d.last[id] as number;
    if (upd & UPDATES_HIGH_LOW) {
      const high = d.high[id] as number;
      if (Number.isNaN(high)) {
        // The session's first eligible print sets high and low and is not an event.
        d.high[id] = price;
        d.low[id] = price;
      } else if (price > high) {
        d.high[id] = price;
        d.highCount[id] = (d.highCount[id] as number) + 1;
        d.highTs[id] = ts;
        this.queue.markHigh(id);
        newHigh = true;
      } else if (price < (d.low[id] as number)) {
        d.low[id] = price;
        d.lowCount[id] = (d.lowCount[id] as number) + 1;
        d.lowTs[id] = ts;
        this.queue.markLow(id);
        newLow = true;
      }
    }
    d.trades[id] = (d.trades[id] as number) + 1;
    // A late print counts toward volume and extremes but does not become the last price.
    if (upd & UPDATES_LAST) {
      if (Number.isNaN(d.open[id] as number)) d.open[id] = price;
      if (!((d.lastTs[id] as number) > ts)) {
        // The sparkline: `last` is its current slot's close; the first print of a later slot
        // stores the previous slot's close in the wide column (once per symbol and slot, so the
        // hot path rarely touches its 9 MB). A session runs 04:00–20:00, so the slot is in range.
        const slot = ((ts - this.session.start) / SPARK_SLOT_MS) | 0;
        const at = d.sparkAt[id] as number;
        if (slot !== at) {
          if (at >= 0) d.spark[id * SPARK_STRIDE + at] = d.last[id] as number;
          d.sparkAt[id] = slot;
        }
        d.last[id] = price;
        d.lastTs[id] = ts;
      }
      const s = this.session;
      if (ts >= s.open && ts < s.close) {
        if (Number.isNaN(d.regOpen[id] as number)) d.regOpen[id] = price;
        d.regClose[id] = price;
      }
    }
    if (upd & UPDATES_VOLUME) {
      d.volume[id] = (d.volume[id] as number) + size;
      d.value[id] = (d.value[id] as number) + price * size;
      this.profile.add(id, this.slot, size);
    }
    this.bars.update(id, this.starts, price, size, newHigh, newLow, upd, ref);
    this.queue.markTouched(id);
    return true;
  }

  /** Cold path of ingestTrade: finds the slot of ts, rolling the session if ts begins a new one. */
  private locate(ts: number): boolean {
    const s = sessionAt(ts);
    if (!s) {
      this.stats.outOfSession++;
      return false;
    }
    if (s.date !== this.session.date) {
      if (s.start < this.session.start) {
        this.stats.stale++;
        return false;
      }
      this.beginSession(s);
    }
    this.slotTo = fillBarStarts(s, ts, this.starts);
    this.slotFrom = this.slotTo - SLOT_MS;
    this.slot = slotIndex(s, ts);
    return true;
  }

  /** 04:00 of a new trading day: yesterday's regular close becomes the prior close, the day resets. */
  beginSession(s: SessionDay): void {
    const { day, table } = this;
    for (let id = 0; id < table.count; id++) {
      const rc = day.regClose[id] as number;
      if (!Number.isNaN(rc)) table.prevClose[id] = rc;
    }
    this.profile.foldSession(table.count);
    day.resetAll();
    this.setSession(s);
  }

  /** Makes s the current session and forgets the cached slot. */
  setSession(s: SessionDay): void {
    this.session = s;
    this.slotFrom = 0;
    this.slotTo = 0;
  }

  /** Grows every table to hold at least n symbols (restore). */
  reserve(n: number): void {
    let c = this.table.capacity;
    while (c < n) c *= 2;
    if (c === this.table.capacity) return;
    this.table.capacity = c;
    this.table.cols.grow(c);
    this.grow(c);
  }

  /** Rolls the session when the clock passes the next trading day's 04:00; drains call it. */
  advance(now = this.clock()): void {
    const s = latestSession(now);
    if (s.start > this.session.start) this.beginSession(s);
  }

  /** A halt or resume. Repeated messages with the same state are not new events. */
  ingestStatus(e: StatusEvent): boolean {
    const id = this.table.intern(e.sym);
    if (id < 0) return false;
    const d = this.day;
    const halted = e.halted ? 1 : 0;
    if (d.halted[id] === halted) return false;
    d.halted[id] = halted;
    d.haltTs[id] = e.ts;
    const reason = this.reasons.id(e.reason);
    d.haltReason[id] = reason;
    if (halted) d.haltCount[id] = (d.haltCount[id] as number) + 1;
    this.queue.pushHalt(id, e.halted, reason, e.ts);
    return true;
  }

  /** Everything since the last drain, as the stream's entries; starts the next batch. */
  drainBatch(): StreamBatch {
    const now = this.clock();
    this.advance(now);
    return drainStream(this, now);
  }

  /** The day's newest highs, lows and halts a channel shows (recent.ts); drains nothing. */
  recentBatch(options: RecentStreamOptions): StreamBatch {
    return recentStream(this, this.clock(), options);
  }

  /** Checkpoint of the session state (see snapshot.ts). */
  snapshot(): EngineSnapshot {
    return takeSnapshot(this);
  }

  /** Restores a checkpoint of the current session; a stale or malformed one is refused. */
  restore(snap: EngineSnapshot): RestoreResult {
    return restoreSnapshot(this, snap);
  }

  /** A new day's start from an earlier session's checkpoint (see snapshot.ts). */
  continueFrom(snap: EngineSnapshot): RestoreResult {
    return continueSnapshot(this, snap);
  }
}
