import { alertText, meetsTier, parseCategory, type RuleSet, tierForType } from '@tapeline/core';
import type { DiscoveryRow } from '../discovery/row.ts';
import { percentFrom, sessionSlot } from '../engine/metrics.ts';
import type { Timeframe } from '../timeframes.ts';
import { RANGE_KEYS } from './channelRange.ts';
import { ChannelWatches, sourceOf } from './channelWatches.ts';
import { type AlertSink, Emitter } from './emitter.ts';
import { type AlertEngineView, F_PRICE, F_PRICE_DIST, F_UV, F_VWAP, F_VWAP_DIST } from './figures.ts';
import { FilteredBook, type FilterSnapshot, type FilterSub, rowsSnapshot } from './filteredBook.ts';
import { moveEvents } from './moveEvents.ts';
import { type EvalParts, haltEvent, tradeEvent } from './streamEvents.ts';
import { SymbolRules } from './symbolRules.ts';

/*
 * The alert evaluator: every trader's rules, evaluated on the engine thread against each drained
 * batch and each Discovery refresh (docs/alerts.md "What fires", "No alert storms"). Pure: no
 * I/O, no timers, time is the `now` each call passes. One instance per engine (it keys state by
 * the engine's symbol ids).
 *
 *   const ev = new AlertEvaluator((alert: FiredDraft) => …)    // core FiredDraft: the outbox row
 *   ev.setUser(userId, set: RuleSet | null)   // replaces the user's whole set (null = clearUser)
 *   ev.clearUser(userId)
 *   ev.setPopular(symbols)                    // the Popular list, for `popular` rules and channels
 *   engine.drainBatch(); ev.onBatch(engine, now)   // after EVERY drain, even an empty batch:
 *                                                  // prints alone feed price / uv / vwap rules
 *   ev.onDiscovery(tf, discoveryRows(engine, tf), now)   // for each tf in ev.filteredTimeframes()
 *                                             // (or the engine's columns: discovery/columns.ts)
 *   ev.tick(now)                              // emits the digests of ended minutes when idle
 *   ev.readsBatches()                         // false: only filtered alerts (onBatch fires nothing)
 *   ev.stats()                                // rule counts, for the operator
 *
 * Tiers: Standard keeps `trade` and `halt` rules, Pro adds uv / vwap / price, Pro Plus adds
 * filtered alerts (and ATR % / gap % in its channel filters); rules above the tier are ignored.
 * `key` of each alert is the same when the same firing is computed twice (outbox dedupe).
 */

export interface AlertEvaluatorStats {
  users: number;
  symbolRules: { trade: number; uv: number; vwap: number; price: number };
  /** Stream-category rules, and the distinct (filter, category, rate) groups they form. */
  categoryRules: number;
  categoryWatches: number;
  /** Distinct channel filters an event is checked against. */
  channelFilters: number;
  haltRules: number;
  filteredAlerts: number;
  /** Distinct filtered-alert filters evaluated per refresh. */
  distinctFilters: number;
  /** Since the start: category-rule members reached by a firing watch (each is a cap check). */
  fanout: number;
}

export class AlertEvaluator {
  private readonly out: Emitter;
  private readonly rules = new SymbolRules();
  private readonly channels = new ChannelWatches();
  private readonly filtered = new FilteredBook();
  private readonly halts = new Map<number, number>();
  private readonly popular = new Set<string>();
  private readonly parts: EvalParts;
  private sessionDate = -1;

  constructor(sink: AlertSink) {
    this.out = new Emitter(sink);
    this.parts = {
      rules: this.rules,
      channels: this.channels,
      out: this.out,
      popular: this.popular,
      haltUsers: [],
      haltRules: [],
      entry: new Float64Array(RANGE_KEYS.length),
    };
  }

  setUser(userId: string, set: RuleSet | null): void {
    if (set === null) {
      this.clearUser(userId);
      return;
    }
    const u = this.out.users.add(userId);
    const stash = this.rules.removeUser(u);
    this.channels.removeUser(u);
    const baselines = this.filtered.removeUser(u);
    this.halts.delete(u);
    const proPlus = set.tier === 'proplus';
    for (const rule of set.rules) {
      if (rule.type === 'halt') {
        this.halts.set(u, rule.id);
        continue;
      }
      if (tierForType(rule.type) === 'pro' && !meetsTier(set.tier, 'pro')) continue;
      const category = parseCategory(rule.category);
      if (category === null) continue;
      if (category.kind === 'symbol') {
        this.rules.add(u, rule, category.symbol, stash);
      } else if (rule.type === 'trade') {
        const source = sourceOf(category.category, set.channels, set.favorites, proPlus);
        if (source)
          this.channels.add(u, rule.id, category.category, source, rule.rate, rule.unit === 'percent');
      }
    }
    if (proPlus) for (const f of set.filtered) this.filtered.add(u, f, baselines);
    this.channels.prune();
    this.filtered.prune();
    this.rebuildHalts();
  }

  clearUser(userId: string): void {
    const u = this.out.users.indexOf(userId);
    if (u === undefined) return;
    this.rules.removeUser(u);
    this.channels.removeUser(u);
    this.filtered.removeUser(u);
    this.channels.prune();
    this.filtered.prune();
    this.halts.delete(u);
    this.rebuildHalts();
    this.out.cap.forget(u);
    this.out.users.remove(userId);
  }

  setPopular(symbols: readonly string[]): void {
    this.popular.clear();
    for (const s of symbols) this.popular.add(s);
  }

  /** The drained batch (engine.queue.drained): halts, new highs, new lows, then traded symbols. */
  onBatch(e: AlertEngineView, now: number): void {
    this.out.begin(now);
    if (e.session.date !== this.sessionDate) {
      // A new trading day: fired prices and steps of yesterday mean nothing today.
      if (this.sessionDate !== -1) {
        this.rules.resetState();
        this.channels.resetState();
      }
      this.sessionDate = e.session.date;
    }
    const slot = sessionSlot(e.session, now);
    const d = e.queue.drained;
    const p = this.parts;
    for (let k = 0; k < d.haltN; k++) {
      const reason = e.reasons.values[d.haltReasons[k] as number] ?? '';
      haltEvent(p, e, slot, d.haltIds[k] as number, d.haltFlags[k] === 1, reason, d.haltTimes[k] as number);
    }
    const day = e.day;
    for (let k = 0; k < d.highN; k++) {
      const id = d.highIds[k] as number;
      tradeEvent(p, e, slot, id, true, day.high[id] as number, day.highTs[id] as number);
    }
    for (let k = 0; k < d.lowN; k++) {
      const id = d.lowIds[k] as number;
      tradeEvent(p, e, slot, id, false, day.low[id] as number, day.lowTs[id] as number);
    }
    moveEvents(this.rules, this.out, e, slot, d.touchedIds, d.touchedN);
  }

  /** A Discovery refresh of timeframe tf: filtered alerts for symbols that entered a result. */
  onDiscovery(tf: Timeframe, rows: readonly DiscoveryRow[] | FilterSnapshot, now: number): void {
    this.out.begin(now);
    const snap = Array.isArray(rows)
      ? rowsSnapshot(rows as readonly DiscoveryRow[])
      : (rows as FilterSnapshot);
    this.filtered.evaluate(tf, snap, (sub, row) => this.entered(sub, row, now), now);
  }

  /** Timeframes with filtered alerts: the Discovery rows onDiscovery needs. */
  filteredTimeframes(): Timeframe[] {
    return this.filtered.timeframes();
  }

  /**
   * Whether any rule reads the drained batches (symbol, stream-category and halt rules). With
   * none, only onDiscovery can fire, so a replay may skip onBatch (the Alert lab, replay.ts).
   */
  readsBatches(): boolean {
    return this.rules.size > 0 || this.channels.size > 0 || this.halts.size > 0;
  }

  /** Lets time pass without events: digests of minutes that have ended go out. */
  tick(now: number): void {
    this.out.begin(now);
  }

  stats(): AlertEvaluatorStats {
    const c = this.rules.counts;
    return {
      users: this.out.users.size,
      symbolRules: { trade: c[0] as number, uv: c[1] as number, vwap: c[2] as number, price: c[3] as number },
      categoryRules: this.channels.size,
      categoryWatches: this.channels.distinctWatches,
      channelFilters: this.channels.distinctFilters,
      haltRules: this.halts.size,
      filteredAlerts: this.filtered.size,
      distinctFilters: this.filtered.distinctFilters,
      fanout: this.out.visited,
    };
  }

  private entered(sub: FilterSub, row: DiscoveryRow, now: number): void {
    if (!this.out.admit(sub.u, row.s)) return;
    const f = this.out.fig;
    f[F_PRICE] = row.l;
    f[F_PRICE_DIST] = percentFrom(row.l, row.pl ?? Number.NaN);
    f[F_UV] = row.u ?? Number.NaN;
    f[F_VWAP] = row.vw === null ? Number.NaN : row.l / (1 + row.vw / 100);
    f[F_VWAP_DIST] = row.vw ?? Number.NaN;
    const msg = alertText.filtered(row.s, sub.name);
    this.out.send(sub.u, null, sub.name, 'filtered', 'filtered', row.s, msg, now, 'filtered', {
      filter: sub.name,
    });
  }

  private rebuildHalts(): void {
    this.parts.haltUsers = [...this.halts.keys()];
    this.parts.haltRules = [...this.halts.values()];
  }
}
