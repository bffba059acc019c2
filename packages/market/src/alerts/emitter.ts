import { alertText, type FiredDraft, type VoiceZone } from '@tapeline/core';
import { nullIfNaN } from '../engine/metrics.ts';
import { F_PRICE, F_PRICE_DIST, F_UV, F_VWAP, F_VWAP_DIST, FIGURE_COUNT } from './figures.ts';
import { STORM_WINDOW_MS, StormCap } from './stormCap.ts';
import { UserTable } from './users.ts';

// Where fired alerts leave the evaluator: the storm cap first (per user), then the draft (the
// only allocation, and only for an alert that goes out), then the sink. Also the per-event
// stamp that lets one event reach a user at most once.

export type AlertSink = (alert: FiredDraft) => void;

export class Emitter {
  readonly users: UserTable;
  readonly cap: StormCap;
  /** The current call's time (`now` of onBatch / onDiscovery / tick). */
  now = 0;
  /** The figures of the event being evaluated (see figures.ts). */
  readonly fig = new Float64Array(FIGURE_COUNT);
  /** The current event's stamp: compared with users.claim. */
  event = 0;
  /** The event whose figures `fig` holds (filled on its first alert). */
  figEvent = 0;
  /** Members of stream-category watches reached by a firing: the fan-out's work, for stats. */
  visited = 0;
  private readonly sink: AlertSink;

  constructor(sink: AlertSink) {
    this.sink = sink;
    this.users = new UserTable((c) => this.cap.grow(c));
    this.cap = new StormCap(this.users.capacity, (u, start, count, symbols) =>
      this.digest(u, start, count, symbols),
    );
  }

  /** Starts a call at `now`: minutes that have ended emit their digests first. */
  begin(now: number): void {
    this.now = now;
    this.cap.flush(now);
  }

  /** A new event: no user has been served for it yet. */
  nextEvent(): number {
    this.event = this.event === 0xffffffff ? 1 : this.event + 1;
    if (this.event === 1) this.users.claim.fill(0);
    this.figEvent = 0;
    return this.event;
  }

  admit(u: number, symbol: string): boolean {
    return this.cap.admit(u, this.now, symbol);
  }

  /**
   * Sends one alert to user u with the figures in `fig`. `ref` names the rule in the key (its id,
   * or the filter's name); `tag` tells apart firings of one rule at one time (high / low …).
   */
  send(
    u: number,
    ruleId: number | null,
    ref: string,
    kind: FiredDraft['kind'],
    tag: string,
    symbol: string,
    msg: string,
    time: number,
    zone: VoiceZone | null,
    extra?: Pick<FiredDraft, 'filter' | 'subtype' | 'reason_code'>,
  ): void {
    const userId = this.users.ids[u] as string;
    const f = this.fig;
    const alert: FiredDraft = {
      key: `${userId}:${ref}:${symbol}:${tag}:${time}`,
      userId,
      ruleId,
      kind,
      symbol,
      msg,
      time,
      published_ts: this.now,
      price: nullIfNaN(f[F_PRICE] as number),
      price_dist: nullIfNaN(f[F_PRICE_DIST] as number),
      uv: nullIfNaN(f[F_UV] as number),
      vwap: nullIfNaN(f[F_VWAP] as number),
      vwap_dist: nullIfNaN(f[F_VWAP_DIST] as number),
      zone,
    };
    if (extra) Object.assign(alert, extra);
    this.sink(alert);
  }

  private digest(u: number, start: number, count: number, symbols: readonly string[]): void {
    const userId = this.users.ids[u] as string;
    const end = start + STORM_WINDOW_MS;
    this.sink({
      key: `${userId}:digest:${start}`,
      userId,
      ruleId: null,
      kind: 'digest',
      symbol: symbols[0] ?? '',
      msg: alertText.digest(count, symbols),
      time: end,
      published_ts: Math.max(this.now, end),
      price: null,
      price_dist: null,
      uv: null,
      vwap: null,
      vwap_dist: null,
      zone: null,
      symbols: [...symbols],
    });
  }
}
