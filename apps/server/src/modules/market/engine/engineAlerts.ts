import { type FiredDraft, PROTOCOL_VERSION, type RuleSetsMessage } from '@tapeline/core';
import { AlertEvaluator, type DiscoveryRow, type MarketEngine, type Timeframe } from '@tapeline/market';

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
  private readonly evaluator = new AlertEvaluator((alert) => {
    this.fired++;
    this.pending.push(alert);
  });

  constructor(
    private readonly engine: MarketEngine,
    private readonly rows: (tf: Timeframe) => readonly DiscoveryRow[],
  ) {}

  setRuleSets(sets: RuleSetsMessage['sets']): void {
    for (const { userId, set } of sets) this.evaluator.setUser(userId, set);
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
