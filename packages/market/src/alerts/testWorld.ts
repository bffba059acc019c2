import {
  type AlertRule,
  defaultChannels,
  type FilteredAlert,
  type FiredDraft,
  type RuleSet,
  type StreamChannel,
} from '@tapeline/core';
import { MarketEngine } from '../engine/MarketEngine.ts';
import { seedVolumeProfile } from '../engine/seed.ts';
import { type TestClock, testClock } from '../engine/testClock.ts';
import { AlertEvaluator } from './AlertEvaluator.ts';

// The evaluator's specs drive a real engine with literal prints and drain it like the engine
// thread (drainBatch, then onBatch), so the figures an alert reads are the engine's own.

/** Monday 24 Nov 2025, New York wall time (EST). */
export const ny = (h: number, m = 0, s = 0) => Date.UTC(2025, 10, 24, h + 5, m, s);
export const USER = '00000000-0000-4000-8000-000000000001';
export const USER2 = '00000000-0000-4000-8000-000000000002';
export const USER3 = '00000000-0000-4000-8000-000000000003';

export interface Listing {
  sym: string;
  prevClose?: number;
  sector?: number;
  float?: number;
}

export function rule(
  id: number,
  type: AlertRule['type'],
  category: string,
  rate: number,
  low?: number,
  high?: number,
): AlertRule {
  return { id, type, category, rate, low: low ?? null, high: high ?? null };
}

export function ruleSet(over: Partial<RuleSet> & Pick<RuleSet, 'rules'>): RuleSet {
  const [main, alt] = defaultChannels() as [StreamChannel, StreamChannel];
  return {
    tier: 'proplus',
    filtered: [] as FilteredAlert[],
    channels: { main, alt },
    favorites: [],
    ...over,
  };
}

export class World {
  readonly clock: TestClock;
  readonly engine: MarketEngine;
  readonly alerts: FiredDraft[] = [];
  readonly ev: AlertEvaluator;
  now: number;

  constructor(listings: readonly Listing[], start = ny(9, 30)) {
    this.now = start;
    this.clock = testClock(start);
    this.engine = new MarketEngine({ clock: this.clock });
    for (const l of listings) {
      this.engine.setReference({
        sym: l.sym,
        name: l.sym,
        sector: l.sector ?? 9,
        float: l.float ?? 20_000_000,
        shortRatio: 1,
        optionable: true,
        prevClose: l.prevClose ?? 10,
        avgVolume: 1_000_000,
        exchange: 'NASDAQ',
      });
    }
    this.ev = new AlertEvaluator((a) => this.alerts.push(a));
  }

  /** Average volume per 15-minute slot over 20 prior sessions (for uVol). */
  profile(sym: string, perSlot: number): void {
    seedVolumeProfile(this.engine, sym, new Array(64).fill(perSlot), 20);
  }

  /** One print at the current time, then one drained batch; `stepMs` later. */
  print(sym: string, price: number, size = 100, stepMs = 250): FiredDraft[] {
    this.engine.ingest({ sym, price, size, ts: this.now });
    return this.batch(stepMs);
  }

  halt(sym: string, halted: boolean, reason: string, stepMs = 250): FiredDraft[] {
    this.engine.ingestStatus({ sym, halted, reason, ts: this.now });
    return this.batch(stepMs);
  }

  /** Drains like the engine thread and answers the alerts this batch fired. */
  batch(stepMs = 250): FiredDraft[] {
    const before = this.alerts.length;
    this.clock.set(this.now);
    this.engine.drainBatch();
    this.ev.onBatch(this.engine, this.now);
    this.now += stepMs;
    return this.alerts.slice(before);
  }

  /** Prints at each price in turn, one batch each; answers the messages fired. */
  walk(sym: string, prices: readonly number[], stepMs = 250): string[] {
    return prices.flatMap((p) => this.print(sym, p, 100, stepMs).map((a) => a.msg));
  }
}
