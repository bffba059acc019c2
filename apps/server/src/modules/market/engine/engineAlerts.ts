import { type FiredDraft, PROTOCOL_VERSION, type RuleSet, type RuleSetsMessage } from '@tapeline/core';
import { AlertEvaluator, type DiscoveryRow, type MarketEngine, type Timeframe } from '@tapeline/market';

/** A trader's favorites and the symbols their rules name (symbols are upper-case, categories not). */
function watchedBy(set: RuleSet): string[] {
  const out = new Set(set.favorites);
  for (const r of set.rules) if (/^[A-Z]/.test(r.category)) out.add(r.category);
  return [...out];
}

/** How often filtered alerts are evaluated against fresh Discovery rows (the Discovery refresh). */
export const FILTERED_EVERY_MS = 1000;

/**
 * The alert evaluator on the engine thread (docs/alerts.md "Where it runs"): fed after every
 * drain and every Discovery refresh; what it fires is collected and leaves the thread as one
 * `alerts:fired` message per drain, serialized once here.
 */
export class EngineAlerts {
  private pending: FiredDraft[] = [];
  /** Evaluation passes and alerts fired since start (the engine's metrics). */
  evaluated = 0;
  fired = 0;
  /** Per trader: the symbols their favorites and symbol rules name. */
  private readonly watched = new Map<string, readonly string[]>();
  private readonly evaluator = new AlertEvaluator((alert) => {
    this.fired++;
    this.pending.push(alert);
  });

  constructor(
    private readonly engine: MarketEngine,
    private readonly rows: (tf: Timeframe) => readonly DiscoveryRow[],
  ) {}

  setRuleSets(sets: RuleSetsMessage['sets']): void {
    for (const { userId, set } of sets) {
      this.evaluator.setUser(userId, set);
      if (set) this.watched.set(userId, watchedBy(set));
      else this.watched.delete(userId);
    }
  }

  /**
   * Every symbol a trader with alerts watches — favorites, then symbol rules — most-watched
   * first: what a feed limited to a few symbols streams (feeds/watchSymbols.ts).
   */
  watchedSymbols(): string[] {
    const count = new Map<string, number>();
    for (const list of this.watched.values()) for (const s of list) count.set(s, (count.get(s) ?? 0) + 1);
    return [...count.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([s]) => s);
  }

  setPopular(symbols: readonly string[]): void {
    this.evaluator.setPopular(symbols as string[]);
  }

  /** After each drain of the stream queue, empty or not: prints alone move price, uVol and VWAP. */
  afterDrain(now: number): void {
    this.evaluated++;
    this.evaluator.onBatch(this.engine, now);
  }

  /** Filtered alerts on each timeframe some trader watches; then digests of minutes that ended. */
  refreshFiltered(now: number): void {
    this.evaluated++;
    for (const tf of this.evaluator.filteredTimeframes()) this.evaluator.onDiscovery(tf, this.rows(tf), now);
    this.evaluator.tick(now);
  }

  /** What fired since the last call, as the bus message's JSON; null when nothing did. */
  take(): string | null {
    if (this.pending.length === 0) return null;
    const json = JSON.stringify({ v: PROTOCOL_VERSION, alerts: this.pending });
    this.pending = [];
    return json;
  }

  stats() {
    return this.evaluator.stats();
  }
}
