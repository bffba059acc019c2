// Alert evaluator benchmarks (docs/alerts.md "Where it runs"). Figures, never pass/fail.
// (a) stream events: 10,000 traders with 101,000 rules (80,000 symbol rules over 10,000 symbols,
//     20,000 stream-category rules over 50 distinct channel filters, 1,000 Halts toggles) against
//     a random-walk tape drained every 250 ms; ns per event (new high, new low, halt, traded
//     symbol), alert building and the storm cap included, and the fan-out: category-rule
//     members reached per event (each one a storm-cap check), which is what grows with traders.
// (b) filtered alerts: 10,000 Pro Plus traders × 5 filters (thresholds drawn at random, so nearly
//     all 50,000 are distinct: the worst case, as identical filters are evaluated once) over
//     10,000 Discovery rows per timeframe, 2 % of the rows re-drawn each second; ms for one
//     refresh of all eight timeframes (what the engine does each second).
import {
  type AlertRule,
  defaultChannelValue,
  type FilteredAlert,
  type FilterValues,
  type RuleSet,
  type StreamChannel,
} from '@tapeline/core';
import {
  AlertEvaluator,
  type DiscoveryRow,
  MarketEngine,
  seedVolumeProfile,
  TIMEFRAMES,
} from '@tapeline/market';

const SYMBOLS = 10_000;
const USERS = 10_000;
// Monday 2026-11-23 10:00 New York.
const START = Date.UTC(2026, 10, 23, 15, 0);

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const symbolName = (i: number) => {
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXY';
  let n = i;
  let sym = '';
  do {
    sym = letters[n % 25] + sym;
    n = Math.floor(n / 25);
  } while (n > 0);
  return `Q${sym}`;
};
const userId = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;

export interface AlertFigures {
  alerts_rules: number;
  alerts_set_users_ms: number;
  alerts_ns_per_event_open: number;
  alerts_fanout_per_event_open: number;
  alerts_ns_per_event: number;
  alerts_fanout_per_event: number;
  alerts_events_per_batch: number;
  alerts_fired: number;
  alerts_filtered_refresh_ms: number;
  alerts_filtered_distinct: number;
  alerts_filtered_fired: number;
}

/** 50 distinct stream channels: price bands × float caps × sectors switched off. */
function channelPool(): StreamChannel[] {
  const prices = [
    [0, 5000],
    [1, 20],
    [5, 50],
    [10, 100],
    [20, 5000],
  ];
  const floats = [100_000_000_000, 50_000_000];
  const off = [{}, { '14': false }, { '9': false, '14': false }, { '1': false }, { '2': false, '16': false }];
  const pool: StreamChannel[] = [];
  for (const [min, max] of prices)
    for (const f of floats)
      for (const industries of off) {
        const value = {
          ...defaultChannelValue(),
          price: { min, max },
          float: { min: 0, max: f },
          industries,
        };
        pool.push({ channel: 'main', title: 'Main', type: 'filter', value: value as StreamChannel['value'] });
      }
  return pool;
}

function streamBench(): Omit<
  AlertFigures,
  'alerts_filtered_refresh_ms' | 'alerts_filtered_distinct' | 'alerts_filtered_fired'
> {
  const rand = rng(3);
  const now = { t: START };
  const engine = new MarketEngine({ clock: () => now.t, capacity: SYMBOLS });
  const syms = Array.from({ length: SYMBOLS }, (_, i) => symbolName(i));
  const prices = new Float64Array(SYMBOLS);
  for (const [i, sym] of syms.entries()) {
    prices[i] = 5 + (i % 200);
    engine.setReference({
      sym,
      name: sym,
      sector: [1, 2, 9, 13, 14, 16][i % 6] as number,
      float: 1e6 + i * 10_000,
      shortRatio: 1,
      optionable: true,
      prevClose: prices[i] as number,
      avgVolume: 1_000_000,
      exchange: 'NASDAQ',
    });
    seedVolumeProfile(engine, sym, new Array(64).fill(2_000), 20);
  }
  const ids = Int32Array.from(syms, (s) => engine.idOf(s));
  let fired = 0;
  const ev = new AlertEvaluator(() => {
    fired++;
  });
  ev.setPopular(syms.slice(0, 100));
  const pool = channelPool();
  const categories = ['primary_high', 'primary_low', 'alt_high', 'alt_low', 'popular', 'fav'] as const;
  let rules = 0;
  let ruleId = 1;
  const t0 = performance.now();
  for (let u = 0; u < USERS; u++) {
    const list: AlertRule[] = [];
    for (const [k, type] of (
      ['trade', 'trade', 'price', 'price', 'uv', 'uv', 'vwap', 'vwap'] as const
    ).entries()) {
      const sym = syms[Math.floor(rand() * SYMBOLS)] as string;
      const rate = type === 'trade' ? 0.1 : type === 'uv' ? 20 : 2;
      list.push({
        id: ruleId++,
        type,
        category: `${sym}`,
        rate: rate * (1 + (k % 2)),
        high: null,
        low: null,
      });
    }
    for (const c of [categories[u % 6], categories[(u + 3) % 6]] as const)
      list.push({ id: ruleId++, type: 'trade', category: c as string, rate: 0.1, high: null, low: null });
    if (u % 10 === 0)
      list.push({ id: ruleId++, type: 'halt', category: 'halt', rate: 0, high: null, low: null });
    rules += list.length;
    const main = pool[u % pool.length] as StreamChannel;
    const alt = { ...(pool[(u * 7) % pool.length] as StreamChannel), channel: 'alt' as const };
    const favorites = Array.from({ length: 20 }, () => syms[Math.floor(rand() * SYMBOLS)] as string);
    ev.setUser(userId(u), { tier: 'proplus', rules: list, filtered: [], channels: { main, alt }, favorites });
  }
  const setMs = performance.now() - t0;

  // The tape: 4,000 prints per 250 ms batch (16,000/s), random walks of ±0.3 %. New highs and
  // lows are frequent at first (the open: nearly every one fires for most traders, who are
  // soon at the storm cap) and thin out as in a session; both stretches are measured.
  const open = { ms: 0, events: 0, fanout: 0 };
  const later = { ms: 0, events: 0, fanout: 0 };
  const batches = 600;
  const perBatch = 4_000;
  for (let b = 0; b < batches; b++) {
    for (let k = 0; k < perBatch; k++) {
      const i = Math.floor(rand() * SYMBOLS);
      prices[i] = Math.max(0.5, Math.round((prices[i] as number) * (1 + (rand() - 0.5) * 0.006) * 100) / 100);
      engine.ingestTrade(ids[i] as number, prices[i] as number, 100, now.t);
    }
    if (b % 40 === 7)
      engine.ingestStatus({ sym: syms[b] as string, halted: b % 80 === 7, reason: 'LUDP', ts: now.t });
    engine.drainBatch();
    const d = engine.queue.drained;
    const span = b < 120 ? open : b >= 360 ? later : null;
    const fanout = ev.stats().fanout;
    const s = performance.now();
    ev.onBatch(engine, now.t);
    if (span) {
      span.ms += performance.now() - s;
      span.events += d.highN + d.lowN + d.haltN + d.touchedN;
      span.fanout += ev.stats().fanout - fanout;
    }
    now.t += 250;
  }
  return {
    alerts_rules: rules,
    alerts_set_users_ms: Math.round(setMs),
    alerts_ns_per_event_open: Math.round((open.ms * 1e6) / open.events),
    alerts_fanout_per_event_open: Math.round(open.fanout / open.events),
    alerts_ns_per_event: Math.round((later.ms * 1e6) / later.events),
    alerts_fanout_per_event: Number((later.fanout / later.events).toFixed(1)),
    alerts_events_per_batch: Math.round(later.events / 240),
    alerts_fired: fired,
  };
}

function rows(rand: () => number): DiscoveryRow[] {
  const n = () => rand() + rand() + rand() - 1.5; // roughly normal, ±1.5
  return Array.from({ length: SYMBOLS }, (_, i) => {
    const l = 2 + rand() * 200;
    const flag = rand() < 0.5 ? 1 : -1;
    return {
      s: i === 0 ? 'SPY' : symbolName(i),
      l,
      p: [i === 0 ? 0.3 : n() * 6, 0],
      pl: l / (1 + n() * 0.05),
      v: Math.floor(rand() * 1e5),
      av: Math.floor(rand() * 1e6),
      m: Math.round(n() * 4),
      u: n() * 150 + 20,
      vw: n() * 3,
      e: [1, 2, 9, 13, 14, 16, 3, 4][i % 8] as number,
      f: 1e6 + rand() * 2e8,
      sr: rand() * 10,
      t: 0,
      n: null,
      g: l * n() * 0.04,
      z: Math.round(n() * 8),
      tr: 1 + rand() * 10,
      st: [flag, l, rand() < 0.05 ? 1 : 0],
      mf: [rand() * 1e7, n() * 100],
      rv: [rand() * 1e5, n() * 100],
    } satisfies DiscoveryRow;
  });
}

/**
 * One trader's filter k: a screen of a few dozen symbols at most, as validation demands when it
 * is saved (§5: ≤ 50 matches), thresholds drawn at random so nearly every filter is distinct.
 */
function filterOf(rand: () => number, k: number): FilteredAlert {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)] as T;
  const r = (lo: number, hi: number) => Math.round((lo + rand() * (hi - lo)) * 10) / 10;
  const all: (() => FilterValues)[] = [
    () => ({ gap: { min: r(4, 8) }, uVol: { min: r(100, 250) } }),
    () => ({ last: { min: r(5, 20), max: r(30, 60) }, price_dist: { min: r(7, 10) } }),
    () => ({ price_dist: { min: -r(7, 10) }, vWapDist: { min: -r(2, 4) } }),
    () => ({ squeeze: { min: { PRE: Math.round(r(9, 12)) } }, atr: { min: r(5, 9) } }),
    () => ({ trend_change: { min: pick(['up', 'down'] as const) }, rv_dist: { min: r(80, 150) } }),
    () => ({ rs: { min: r(8, 12) } }),
    () => ({ mf_dist: { min: r(120, 200) }, float: { max: r(5, 50) * 1e6 } }),
  ];
  const any: (() => FilterValues)[] = [
    () => ({ price_dist: { min: r(9, 12) }, uVol: { min: r(330, 400) } }),
    () => ({ rs: { min: r(10, 12) }, vWapDist: { min: -r(4.5, 5) } }),
    () => ({ mf_dist: { min: r(160, 200) }, rv_dist: { min: -r(140, 150) } }),
  ];
  const isAny = rand() < 0.2;
  const shapes = isAny ? any : all;
  const values = (shapes[k % shapes.length] as () => FilterValues)();
  const sectors = [1, 2, 9, 13, 14, 16, 3, 4].filter(() => rand() < 0.7);
  return {
    name: `F${k}`,
    type: isAny ? 'any' : 'all',
    values,
    sector: { min: sectors.length > 0 ? sectors : [1] },
    timeframe: { min: TIMEFRAMES[k % TIMEFRAMES.length] as FilteredAlert['timeframe']['min'] },
  };
}

function filteredBench(): Pick<
  AlertFigures,
  'alerts_filtered_refresh_ms' | 'alerts_filtered_distinct' | 'alerts_filtered_fired'
> {
  const rand = rng(5);
  let fired = 0;
  const ev = new AlertEvaluator(() => {
    fired++;
  });
  const [main, alt] = [pool0('main'), pool0('alt')];
  for (let u = 0; u < USERS; u++) {
    const filtered = Array.from({ length: 5 }, (_, k) => filterOf(rand, u * 5 + k));
    const set: RuleSet = { tier: 'proplus', rules: [], filtered, channels: { main, alt }, favorites: [] };
    ev.setUser(userId(u), set);
  }
  const snapshots = TIMEFRAMES.map(() => rows(rand));
  const refreshes = 6;
  let ms = 0;
  for (let r = 0; r <= refreshes; r++) {
    // Each second some symbols move: re-draw 2 % of the rows of every timeframe.
    const next = snapshots.map((s) => {
      const fresh = rows(rand);
      return s.map((row, i) => (rand() < 0.02 ? (fresh[i] as DiscoveryRow) : row));
    });
    const t0 = performance.now();
    for (const [k, tf] of TIMEFRAMES.entries())
      ev.onDiscovery(tf, next[k] as DiscoveryRow[], START + r * 1000);
    if (r > 0) ms += performance.now() - t0; // the first refresh is the silent baseline
    next.forEach((s, k) => {
      snapshots[k] = s;
    });
  }
  return {
    alerts_filtered_refresh_ms: Number((ms / refreshes).toFixed(1)),
    alerts_filtered_distinct: ev.stats().distinctFilters,
    alerts_filtered_fired: fired,
  };
}

function pool0(channel: 'main' | 'alt'): StreamChannel {
  return { channel, title: channel, type: 'filter', value: defaultChannelValue() };
}

export function benchAlerts(): AlertFigures {
  return { ...streamBench(), ...filteredBench() };
}

if (process.argv[1]?.endsWith('alerts.bench.ts')) console.log(benchAlerts());
