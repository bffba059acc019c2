import {
  BAR_FIELDS,
  BF_CLOSE,
  BF_HIGH,
  BF_LOW,
  BF_OPEN,
  BF_START,
  BF_VALUE,
  BF_VOLUME,
} from '../bars/barStore.ts';
import type { HistorySource, HistoryTarget } from '../engine/seed.ts';
import type { ReferenceData } from '../events.ts';
import { TF_DAY, TF_MONTH, TF_WEEK, TIMEFRAMES } from '../timeframes.ts';
import { type HistoryGrid, historyGrid, type TimeframeGrid } from './historyGrid.ts';
import { subSeed } from './prng.ts';
import { dailyVol, GAP_VOL, INDEX_GAP_VOL } from './state.ts';
import { INDEX_ETFS, roundToTick } from './universe.ts';

// Seeded history for the simulated universe: completed bars of every timeframe up to the
// simulator's first session, so ATR, Supertrend, the squeeze, money flow and real volume are
// known from the first print, and a volume profile for uVol. Pure and deterministic: a symbol's
// history depends only on the seed, the first session, its position and its reference data.
//
// Each timeframe is its own path at its own scale (a 15-minute path over months would cost far
// more than it shows), tied together where they must agree: every timeframe's last close is the
// prior close; the last completed week and month end on the daily close before them; the
// forming week and month are the daily bars since they began. Volume and variance follow the
// simulator's print intensity (so pre-market bars are thin), prices move in phases of trend and
// tight consolidation (which is what makes a Bollinger band slip inside a Keltner channel).

/** Bars per timeframe by default: the squeeze needs 20 and the EMA a few dozen to settle. */
export const HISTORY_BARS = 40;
/** Sessions the seeded volume profile counts as. */
export const PROFILE_SEED_SESSIONS = 20;

export interface HistoryOptions {
  seed: number;
  /** The simulator's start; history ends at the 04:00 start of its first session. */
  startTs: number;
  /** Completed bars per timeframe (default HISTORY_BARS). */
  bars?: number;
}

export interface SimulatedHistory extends HistorySource {
  /** 04:00 of the simulator's first session: every bar starts before it. */
  readonly end: number;
  readonly grid: HistoryGrid;
}

const TREND = 0;
const COIL = 1;
const BREAKOUT = 2;
/** Close-to-close noise and volume of each phase, relative to a trending bar. */
const PHASE_NOISE = [1, 0.25, 1.4];
const PHASE_VOLUME = [1, 0.75, 1.8];
/** Drift of a trending bar in its own standard deviations. */
const TREND_DRIFT = 0.25;
/** Pull of a consolidating close back to the level it began at. */
const COIL_PULL = 0.5;
/** Mean wick beyond the body, in the bar's standard deviations. */
const WICK = 0.4;
const VOLUME_SIGMA = 0.35;
const VOLUME_MEAN_FIX = Math.exp((-VOLUME_SIGMA * VOLUME_SIGMA) / 2);

// The generator's own random numbers: the same mulberry32 as prng.ts, but as module functions
// over one state array (reseeded per symbol) so that the 3 million draws of a full universe
// inline, and normals by Marsaglia's polar method (no trigonometry).
const rs = new Int32Array(2); // [state, has spare normal]
const spare = new Float64Array(1);

function reseed(seed: number): void {
  rs[0] = seed >>> 0 || 0x9e3779b9;
  rs[1] = 0;
}

function uniform(): number {
  const s = ((rs[0] as number) + 0x6d2b79f5) | 0;
  rs[0] = s;
  let t = Math.imul(s ^ (s >>> 15), 1 | s);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

function gauss(): number {
  if (rs[1] === 1) {
    rs[1] = 0;
    return spare[0] as number;
  }
  for (;;) {
    const u = 2 * uniform() - 1;
    const v = 2 * uniform() - 1;
    const q = u * u + v * v;
    if (q > 0 && q < 1) {
      const f = Math.sqrt((-2 * Math.log(q)) / q);
      spare[0] = v * f;
      rs[1] = 1;
      return u * f;
    }
  }
}

/** Exponential with mean 1. */
function expo(): number {
  return -Math.log(1 - uniform());
}

/**
 * One timeframe's path in log prices, then scaled so the last close is `target`. Writes
 * count × BAR_FIELDS numbers into out.
 */
function path(
  g: TimeframeGrid,
  dayVol: number,
  gapVol: number,
  avgVolume: number,
  target: number,
  out: Float64Array,
): void {
  const n = g.starts.length;
  let phase = TREND;
  let left = 3 + Math.floor(8 * uniform());
  let dir = uniform() < 0.5 ? -1 : 1;
  let coils = 0;
  let center = 0;
  let x = 0;
  for (let k = 0; k < n; k++) {
    if (left === 0) {
      if (phase === COIL) {
        phase = BREAKOUT;
        left = 2;
      } else if (phase === BREAKOUT) {
        phase = TREND;
        left = 4 + Math.floor(8 * uniform());
      } else {
        // The first consolidation is long enough to register as a squeeze; later ones vary.
        phase = COIL;
        left = coils++ === 0 ? 16 + Math.floor(8 * uniform()) : 6 + Math.floor(14 * uniform());
        center = x;
      }
      dir = uniform() < 0.5 ? -1 : 1;
    }
    left--;
    const days = g.sessions[k] as number;
    const sd = Math.sqrt(dayVol * dayVol * (g.weight[k] as number) + gapVol * gapVol * Math.max(0, days - 1));
    const o = days > 0 ? x + gapVol * (phase === COIL ? 0.5 : 1) * gauss() : x;
    const noise = (PHASE_NOISE[phase] as number) * sd * gauss();
    const c = phase === COIL ? o + COIL_PULL * (center - o) + noise : o + dir * TREND_DRIFT * sd + noise;
    const b = k * BAR_FIELDS;
    out[b + BF_START] = g.starts[k] as number;
    out[b + BF_OPEN] = o;
    out[b + BF_HIGH] = Math.max(o, c) + WICK * sd * expo();
    out[b + BF_LOW] = Math.min(o, c) - WICK * sd * expo();
    out[b + BF_CLOSE] = c;
    const v = avgVolume * (g.weight[k] as number) * (PHASE_VOLUME[phase] as number) * VOLUME_MEAN_FIX;
    out[b + BF_VOLUME] = Math.max(1, Math.round(v * Math.exp(VOLUME_SIGMA * gauss())));
    x = c;
  }
  const shift = Math.log(target) - x;
  for (let k = 0; k < n; k++) {
    const b = k * BAR_FIELDS;
    const h = roundToTick(Math.exp((out[b + BF_HIGH] as number) + shift));
    const l = roundToTick(Math.exp((out[b + BF_LOW] as number) + shift));
    const c = k === n - 1 ? target : roundToTick(Math.exp((out[b + BF_CLOSE] as number) + shift));
    out[b + BF_OPEN] = roundToTick(Math.exp((out[b + BF_OPEN] as number) + shift));
    out[b + BF_HIGH] = h;
    out[b + BF_LOW] = l;
    out[b + BF_CLOSE] = c;
    out[b + BF_VALUE] = ((h + l + c) / 3) * (out[b + BF_VOLUME] as number);
  }
}

/** Folds the daily bars from index `from` on into one bar (the forming week or month). */
function aggregate(daily: Float64Array, from: number, count: number, start: number, out: Float64Array): void {
  let o = from * BAR_FIELDS;
  out[BF_START] = start;
  out[BF_OPEN] = daily[o + BF_OPEN] as number;
  let high = Number.NEGATIVE_INFINITY;
  let low = Number.POSITIVE_INFINITY;
  let volume = 0;
  let value = 0;
  for (let k = from; k < count; k++, o += BAR_FIELDS) {
    high = Math.max(high, daily[o + BF_HIGH] as number);
    low = Math.min(low, daily[o + BF_LOW] as number);
    volume += daily[o + BF_VOLUME] as number;
    value += daily[o + BF_VALUE] as number;
  }
  out[BF_HIGH] = high;
  out[BF_LOW] = low;
  out[BF_CLOSE] = daily[(count - 1) * BAR_FIELDS + BF_CLOSE] as number;
  out[BF_VOLUME] = volume;
  out[BF_VALUE] = value;
}

/** Index of the first daily bar starting at or after ts (count when none). */
function firstFrom(g: TimeframeGrid, ts: number): number {
  let k = g.starts.length;
  while (k > 0 && (g.starts[k - 1] as number) >= ts) k--;
  return k;
}

/** The history of `refs` (the simulator's reference data, in its order) before its first session. */
export function simulatedHistory(refs: readonly ReferenceData[], options: HistoryOptions): SimulatedHistory {
  const grid = historyGrid(options.startTs, Math.max(1, options.bars ?? HISTORY_BARS));
  const daily = grid.tfs[TF_DAY] as TimeframeGrid;
  const dayCount = daily.starts.length;
  const weekFrom = firstFrom(daily, grid.weekStart);
  const monthFrom = firstFrom(daily, grid.monthStart);
  const indexes = new Set(INDEX_ETFS.map((e) => e.sym));
  // Another first session, another history (the same seed and start give the same one).
  const base = subSeed(subSeed(options.seed, 0x4157), grid.first.day);

  return {
    end: grid.first.start,
    grid,
    replay(target: HistoryTarget): void {
      const bufs = grid.tfs.map((g) => new Float64Array(g.starts.length * BAR_FIELDS));
      const dayBuf = bufs[TF_DAY] as Float64Array;
      const forming = new Float64Array(BAR_FIELDS);
      const slots = new Float64Array(grid.slots.length);
      for (let i = 0; i < refs.length; i++) {
        const ref = refs[i] as ReferenceData;
        if (!(ref.prevClose > 0)) continue;
        reseed(subSeed(base, i));
        const vol = dailyVol(ref);
        const gap = indexes.has(ref.sym) ? INDEX_GAP_VOL : GAP_VOL;
        const avgVolume = ref.avgVolume > 0 ? ref.avgVolume : 10_000;
        path(daily, vol, gap, avgVolume, ref.prevClose, dayBuf);
        // The last completed week and month close where the daily bars say they did.
        const weekClose =
          weekFrom > 0 ? (dayBuf[(weekFrom - 1) * BAR_FIELDS + BF_CLOSE] as number) : ref.prevClose;
        const monthClose =
          monthFrom > 0 ? (dayBuf[(monthFrom - 1) * BAR_FIELDS + BF_CLOSE] as number) : ref.prevClose;
        for (let tf = 0; tf < TIMEFRAMES.length; tf++) {
          if (tf === TF_DAY) continue;
          const anchor = tf === TF_WEEK ? weekClose : tf === TF_MONTH ? monthClose : ref.prevClose;
          path(grid.tfs[tf] as TimeframeGrid, vol, gap, avgVolume, anchor, bufs[tf] as Float64Array);
        }
        for (let tf = 0; tf < TIMEFRAMES.length; tf++) {
          const buf = bufs[tf] as Float64Array;
          target.bars(ref.sym, TIMEFRAMES[tf] as (typeof TIMEFRAMES)[number], buf, buf.length / BAR_FIELDS);
        }
        if (weekFrom < dayCount) {
          aggregate(dayBuf, weekFrom, dayCount, grid.weekStart, forming);
          target.forming(ref.sym, '1wk', forming);
        }
        if (monthFrom < dayCount) {
          aggregate(dayBuf, monthFrom, dayCount, grid.monthStart, forming);
          target.forming(ref.sym, '1mo', forming);
        }
        for (let k = 0; k < slots.length; k++) slots[k] = avgVolume * (grid.slots[k] as number);
        target.profile(ref.sym, slots, PROFILE_SEED_SESSIONS);
      }
    },
  };
}
