import { METER_SYMBOLS, type MeterQuote, meterQuote, PROTOCOL_VERSION } from '@tapeline/core';

import {
  completedDailyAtr,
  countBySector,
  type HistorySource,
  isTestSymbol,
  lastPrice,
  MarketEngine,
  nullIfNaN,
  QuoteTicker,
  quoteOf,
  type ReferenceData,
  seedHistory,
  TIMEFRAMES,
} from '@tapeline/market';
import { type Clock, systemClock } from '../../../platform/clock.ts';
import { type RecorderHost, startRecorder } from '../../lab/recorderHost.ts';
import type { CheckpointStore } from './checkpointStore.ts';
import { createDiscoveryCache } from './discoveryCache.ts';
import { EngineAlerts } from './engineAlerts.ts';
import type { EngineQuery, EngineStatus, SimNewsItem } from './protocol.ts';
import { createRecentStreamAnswer } from './recentStreamAnswer.ts';

/** The simulator's news items kept for the `simNews` query: a session's worth, oldest dropped first. */
export const SIM_NEWS_KEPT = 2000;

/** The sink feeds push into: plain arguments, so a busy feed allocates nothing per trade. */
export interface EngineSink {
  /** One print; `conditions` are its normalized sale conditions (0 or absent = regular). */
  trade(sym: string, price: number, size: number, ts: number, conditions?: number): void;
  status(sym: string, halted: boolean, reason: string, ts: number): void;
  reference(data: readonly ReferenceData[]): void;
  /** Bars and volume profiles from before the feed's first session; never overwrites what the engine has. */
  history(source: HistorySource): void;
  /** Feeds with their own time (simulator, replay) drive the engine clock. */
  clock(ts: number): void;
  /** The simulator's news items, kept for the `simNews` query. */
  news(sym: string, ts: number, kind: SimNewsItem['kind'], form?: string): void;
}

/**
 * The engine with everything around it that is not I/O: the sink, batches as JSON, queries,
 * and checkpoints through a store. It runs on the engine thread (worker.ts) or inline in tests.
 */
export class EngineRuntime {
  readonly engine: MarketEngine;
  readonly sink: EngineSink;
  private feedClock: number | null = null;
  private trades = 0;
  private restored = false;
  /** The restored checkpoint's engine clock (null: nothing restored): where the feed goes on. */
  resumedAt: number | null = null;
  private readonly discovery;
  private readonly recentStream;
  private readonly ticker = new QuoteTicker();
  /** The simulator's news of the session, oldest first (`simNews` query). */
  private readonly simNews: SimNewsItem[] = [];
  /** The alert evaluator beside the engine: rules in, fired alerts out (engineAlerts.ts). */
  readonly alerts: EngineAlerts;
  /** Batches published and their build time: the engine thread's drain loop adds to them. */
  readonly batches = { count: 0, ms: 0 };
  /** The feed's reconnects so far; the engine thread points it at its feed. */
  feedReconnects: () => number = () => 0;
  /** The Alert lab's session recorder (null: RECORD_SESSIONS=0 or a hand-fed engine without one). */
  readonly recording: RecorderHost | null;

  constructor(
    readonly feedName: string,
    private readonly store: CheckpointStore | null,
    options: {
      clock?: Pick<Clock, 'now'>;
      clockStart?: number | null;
      epoch?: number | undefined;
      /** Record sessions under `dir`, keeping the newest `keep` (lab/recorderHost.ts). */
      record?: { dir: string; keep: number; onError?: (error: Error) => void } | null;
    } = {},
  ) {
    // The engine thread's clock: the system's unless a test hands it another.
    const clock = options.clock ?? systemClock;
    const wallNow = () => clock.now();
    // A feed with its own time starts the clock where it starts, so the right session's
    // checkpoint is the one restored.
    this.feedClock = options.clockStart ?? null;
    // The epoch is this run's wall-clock start, never the feed's time: a restarted engine (whose
    // batches number from 1 again) must never share it with the run before (stream_resume). A
    // leader engine's is its lease's epoch, above every earlier leader's (platform/leaderLease.ts).
    this.engine = new MarketEngine({
      clock: () => this.feedClock ?? wallNow(),
      capacity: 12_000,
      epoch: options.epoch ?? wallNow(),
    });
    this.discovery = createDiscoveryCache(this.engine, wallNow);
    this.recentStream = createRecentStreamAnswer(this.engine, wallNow, (id) => this.isListed(id));
    this.alerts = new EngineAlerts(this.engine, (tf) => this.discovery.rows(tf));
    const engine = this.engine;
    const record = options.record;
    this.recording = record
      ? startRecorder(engine, { dir: record.dir, feed: feedName, keep: record.keep }, record.onError)
      : null;
    const rec = this.recording?.recorder ?? null;
    this.sink = {
      trade: (sym, price, size, ts, conditions = 0) => {
        const id = engine.table.intern(sym);
        rec?.before(ts);
        if (engine.ingestTrade(id, price, size, ts, conditions)) {
          this.trades++;
          rec?.trade(id, price, size, ts, conditions);
        }
      },
      status: (sym, halted, reason, ts) => {
        rec?.before(ts);
        engine.ingestStatus({ sym, halted, reason, ts });
      },
      reference: (data) => {
        for (const ref of data) engine.setReference(ref);
      },
      history: (source) => {
        seedHistory(engine, source);
      },
      clock: (ts) => {
        this.feedClock = ts;
      },
      news: (sym, ts, kind, form) => {
        const id = engine.idOf(sym);
        const name = (id >= 0 ? engine.table.names[id] : undefined) || sym;
        this.addSimNews(form === undefined ? { sym, name, ts, kind } : { sym, name, ts, kind, form });
      },
    };
  }

  /**
   * Restores today's checkpoint if there is one (true). A checkpoint of an earlier session is
   * continued from instead (docs/metrics.md "History across days"): its completed bars and
   * indicators carry into today, so a restart on a new day keeps ATR, squeeze and trend. Not for
   * the simulator, whose seeded history is regenerated for each first session and would
   * contradict a carried prior close.
   */
  async restore(): Promise<boolean> {
    const snapshot = await this.store?.load();
    if (!snapshot) return false;
    this.restored = this.engine.restore(snapshot).ok;
    if (!this.restored && this.feedName.split(':')[0] !== 'simulator') this.engine.continueFrom(snapshot);
    if (this.restored) {
      this.resumedAt = snapshot.takenAt;
      // A feed with its own time goes on from the checkpoint, never back to its start: the
      // day's highs and lows are restored, so a tape replayed from the bell would make none.
      if (this.feedClock !== null && snapshot.takenAt > this.feedClock) this.feedClock = snapshot.takenAt;
    }
    return this.restored;
  }

  async checkpoint(): Promise<void> {
    await this.store?.save(this.engine.snapshot());
  }

  /** The next stream batch as JSON, or null when nothing happened since the last one. */
  drain(): string | null {
    const batch = this.engine.drainBatch();
    this.alerts.afterDrain(batch.ts);
    this.recording?.recorder.afterDrain(this.engine);
    if (batch.highs.length + batch.lows.length + batch.halts.length + (batch.uvols?.length ?? 0) === 0)
      return null;
    return JSON.stringify(batch);
  }

  /**
   * The bus's `quotes:tick` JSON (core quoteTickMessageSchema) for every symbol that printed
   * since the last call, serialized once here; null when none did.
   */
  quoteTick(): string | null {
    const q = this.ticker.tick(this.engine);
    return q.length === 0 ? null : JSON.stringify({ v: PROTOCOL_VERSION, ts: this.engine.clock(), q });
  }

  /**
   * Articles' times from the bus (`news:times`): [symbol, published ms, 1 when a filing]. Only
   * symbols the engine knows: the rows come from stored articles tagged with listed symbols,
   * and a stray one must not become a symbol of the engine.
   */
  newsTimes(items: readonly (readonly [string, number, 0 | 1])[]): void {
    const e = this.engine;
    for (const [sym, ts, filing] of items) if (e.idOf(sym) >= 0) e.setNewsTime(sym, ts, filing === 1);
  }

  status(): EngineStatus {
    return {
      feed: this.feedName,
      symbols: this.engine.table.count,
      clock: this.engine.clock(),
      phase: this.engine.phase(),
      trades: this.trades,
      restored: this.restored,
      counters: {
        batches: this.batches.count,
        batchMs: this.batches.ms,
        discoveryRecomputes: this.discovery.stats.recomputes,
        discoveryMs: this.discovery.stats.ms,
        alertsEvaluated: this.alerts.evaluated,
        alertsFired: this.alerts.fired,
        feedReconnects: this.feedReconnects(),
      },
    };
  }

  answer(query: EngineQuery): string {
    const { table } = this.engine;
    switch (query.kind) {
      case 'discovery':
        return this.discovery.json(query.tf, query.access);
      case 'names':
        // c: the sector code, so a client can apply a stream channel's industries.
        return JSON.stringify(
          this.listed().map((id) => ({ s: table.symbols[id], n: table.names[id], c: table.sector[id] })),
        );
      case 'meters':
        return JSON.stringify({ success: true, data: this.meters() });
      case 'moneyFlow':
      case 'realVolume':
        return JSON.stringify(this.perTimeframe(query.symbol, query.kind === 'moneyFlow' ? 'mf' : 'rv'));
      case 'sectorCounts':
        return JSON.stringify(this.sectorCounts());
      case 'optionable':
        return JSON.stringify(
          this.listed()
            .filter((id) => table.optionable[id] === 1)
            .map((id) => table.symbols[id]),
        );
      case 'status':
        return JSON.stringify(this.status());
      case 'quotes':
        return JSON.stringify(
          query.symbols.map((s) => {
            const id = table.idOf(s);
            return id < 0 || isTestSymbol(s) ? null : quoteOf(this.engine, id, query.spark);
          }),
        );
      case 'simNews':
        return JSON.stringify(this.simNewsSince(query.since));
      case 'streamRecent':
        return this.recentStream(query.query, query.proPlus);
    }
  }

  /** Keeps one simulator news item for the `simNews` query. */
  addSimNews(item: SimNewsItem): void {
    this.simNews.push(item);
    if (this.simNews.length > SIM_NEWS_KEPT) this.simNews.splice(0, this.simNews.length - SIM_NEWS_KEPT);
  }

  /** Items with since < ts ≤ clock: the simulator emits the morning's items ahead of their time. */
  private simNewsSince(since: number): SimNewsItem[] {
    const now = this.engine.clock();
    return this.simNews.filter((n) => n.ts > since && n.ts <= now);
  }

  /**
   * The Meters gauges' index ETFs (docs/metrics.md, Meters): last, prior close, and ATR(14) of
   * the completed daily bars, so the yardstick holds still through the session.
   */
  private meters(): MeterQuote[] {
    const e = this.engine;
    return METER_SYMBOLS.flatMap((s) => {
      const id = e.table.idOf(s);
      if (id < 0) return [];
      const last = nullIfNaN(lastPrice(e, id));
      const prevClose = nullIfNaN(e.table.prevClose[id] as number);
      return [meterQuote(s, last, prevClose, nullIfNaN(completedDailyAtr(e, id)))];
    });
  }

  private listed(): number[] {
    const ids: number[] = [];
    for (let id = 0; id < this.engine.table.count; id++) if (this.isListed(id)) ids.push(id);
    return ids;
  }

  /** Symbols traders see: not the feed's test symbols. */
  private isListed(id: number): boolean {
    return !isTestSymbol(this.engine.table.symbols[id] ?? '');
  }

  private perTimeframe(symbol: string, key: 'mf' | 'rv') {
    const data: Record<string, unknown> = {};
    for (const tf of TIMEFRAMES) {
      const row = this.discovery.rows(tf).find((r) => r.s === symbol);
      if (row) data[tf] = row[key];
    }
    return { success: Object.keys(data).length > 0, data };
  }

  private sectorCounts(): Record<string, number> {
    const { table } = this.engine;
    return countBySector(this.listed().map((id) => table.sector[id] as number));
  }
}
