// The simulated market against the US market's shape (issue 23 §6): the universe's prices and
// floats, and a simulated open through the engine as the server runs it: direction, gappers both
// ways and their turnover, dollar volume against SPY, ATR by price, halts by reason and side.
// Figures beside their targets; never pass/fail. Alone: `node --import tsx bench/simulator.bench.ts`.
import {
  createSimulator,
  type DiscoveryRow,
  discoveryRows,
  lastPrice,
  MarketEngine,
  nyWallToUtc,
  seedHistory,
  simulatedHistory,
} from '@tapeline/market';

// Tuesday 24 November 2026, a regular trading day.
const DAY = Math.floor(Date.UTC(2026, 10, 24) / 86_400_000);
const at = (h: number, m = 0, s = 0) => nyWallToUtc(DAY, h * 60 + m) + s * 1000;

export interface SimulatorFigures {
  rows: [string, string, string][];
}

const pct = (x: number) => `${(100 * x).toFixed(1)} %`;
const quantile = (xs: number[], q: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
};

export function benchSimulator(options: { seed?: number; minutes?: number } = {}): SimulatorFigures {
  const seed = options.seed ?? 1;
  const minutes = options.minutes ?? 30;
  const sim = createSimulator({ seed, startTs: at(9, 30) });
  const refs = sim.reference();
  const now = { t: at(9, 30) };
  const engine = new MarketEngine({ clock: () => now.t, capacity: refs.length + 16 });
  for (const r of refs) engine.setReference(r);
  seedHistory(engine, simulatedHistory(refs, { seed, startTs: at(9, 30) }));

  const rows: [string, string, string][] = [];
  const prices = refs.map((r) => r.prevClose);
  const n = refs.length;
  rows.push([
    'universe (symbols, real listings + index ETFs)',
    String(n),
    'SIM_SYMBOLS, at most every listing',
  ]);
  rows.push(['priced $1–50', pct(prices.filter((p) => p >= 1 && p <= 50).length / n), 'most names']);
  rows.push(['priced above $100', String(prices.filter((p) => p > 100).length), 'a few hundred']);
  rows.push(['priced above $500', String(prices.filter((p) => p > 500).length), 'a handful (tens)']);
  rows.push(['priced under $1', pct(prices.filter((p) => p < 1).length / n), 'a few %']);
  const idx = ['SPY', 'QQQ', 'DIA', 'IWM'].map((s) => `${s} ${refs.find((r) => r.sym === s)?.prevClose}`);
  rows.push(['index ETFs prior close', idx.join(', '), 'priced like themselves']);
  const tenth = Math.floor(n / 10);
  const floats = refs.slice(4).map((r) => r.float);
  rows.push([
    'median float, largest tenth / smallest tenth (M)',
    `${(quantile(floats.slice(0, tenth), 0.5) / 1e6).toFixed(0)} / ${(quantile(floats.slice(-tenth), 0.5) / 1e6).toFixed(1)}`,
    'float falls with size rank',
  ]);

  // The open: new highs and lows of the first 15 s, halts to the end of the run.
  let highs15 = 0;
  let lows15 = 0;
  const halts = new Map<string, number>();
  const sink = {
    trade: (sym: string, price: number, size: number, ts: number) =>
      void engine.ingest({ sym, price, size, ts }),
    status: (sym: string, halted: boolean, reason: string, ts: number) => {
      engine.ingestStatus({ sym, halted, reason, ts });
      if (!halted) return;
      const ref = refs.find((r) => r.sym === sym);
      const id = engine.table.idOf(sym);
      const last = id >= 0 ? lastPrice(engine, id) : Number.NaN;
      const side = ref && last < ref.prevClose ? 'down' : 'up';
      halts.set(`${reason} ${side}`, (halts.get(`${reason} ${side}`) ?? 0) + 1);
    },
  };
  const started = performance.now();
  for (let t = at(9, 30) + 250; t <= at(9, 30) + minutes * 60_000; t += 250) {
    sim.step(t, sink);
    now.t = t;
    const batch = engine.drainBatch();
    if (t <= at(9, 30, 15)) {
      highs15 += batch.highs.length;
      lows15 += batch.lows.length;
    }
  }
  const simulatedMs = performance.now() - started;
  const day = discoveryRows(engine, '1day');
  const spy = day.find((r) => r.s === 'SPY');
  const spyMove = spy?.p?.[0] ?? 0;
  rows.push([
    'first 15 s: new highs / new lows per second',
    `${(highs15 / 15).toFixed(0)} / ${(lows15 / 15).toFixed(0)}`,
    'ratio follows the day',
  ]);
  rows.push([
    `SPY / QQQ / DIA / IWM % at 09:30+${minutes}m`,
    ['SPY', 'QQQ', 'DIA', 'IWM'].map((s) => (day.find((r) => r.s === s)?.p?.[0] ?? 0).toFixed(2)).join(' / '),
    'same sign, IWM and QQQ the larger',
  ]);
  rows.push([
    'highs-to-lows ratio, first 15 s, against SPY',
    `${(highs15 / Math.max(1, lows15)).toFixed(2)} (SPY ${spyMove >= 0 ? 'up' : 'down'})`,
    '> 1 on an up day, < 1 on a down day',
  ]);
  const move = (r: DiscoveryRow) => r.p?.[0] ?? 0;
  rows.push(['gappers above +20 %', String(day.filter((r) => move(r) > 20).length), 'tens']);
  rows.push(['gappers below −10 %', String(day.filter((r) => move(r) < -10).length), 'some (short setups)']);
  const gainers = [...day].sort((a, b) => move(b) - move(a)).slice(0, 15);
  const turns = gainers.map((r) => (r.f ? r.v / r.f : 0));
  rows.push([
    `top 15 gainers: float turned over by 09:30+${minutes}m (median, max)`,
    `${quantile(turns, 0.5).toFixed(2)}×, ${Math.max(...turns).toFixed(2)}×`,
    'runners turn over their float (≥ 1×)',
  ]);
  const rvol = gainers.map((r) => (r.av ? r.v / r.av : 0));
  rows.push([
    `top 15 gainers: volume / average daily volume by 09:30+${minutes}m (median, max)`,
    `${quantile(rvol, 0.5).toFixed(1)}×, ${Math.max(...rvol).toFixed(1)}×`,
    '10–50×',
  ]);
  const movers = new Set(
    [...day]
      .sort((a, b) => Math.abs(move(b)) - Math.abs(move(a)))
      .slice(0, 30)
      .map((r) => r.s),
  );
  const quiet = day.filter((r) => !movers.has(r.s) && r.av).map((r) => r.v / (r.av as number));
  rows.push([
    `the rest (all but the 30 biggest movers): volume / average (median, 90th pct)`,
    `${quantile(quiet, 0.5).toFixed(2)}×, ${quantile(quiet, 0.9).toFixed(2)}×`,
    `quiet: about the day's share so far (~0.2× at 10:00)`,
  ]);
  const dollars = day.map((r) => ({ s: r.s, d: r.v * r.l })).sort((a, b) => b.d - a.d);
  rows.push([
    'most dollars traded (name, × SPY)',
    `${dollars[0]?.s}, ${((dollars[0]?.d ?? 0) / ((spy?.v ?? 1) * (spy?.l ?? 1))).toFixed(2)}×`,
    'SPY first, nobody above it',
  ]);
  const atr = (lo: number, hi: number) =>
    quantile(
      day.filter((r) => r.e !== 82 && r.l >= lo && r.l < hi && r.tr !== null).map((r) => r.tr as number),
      0.5,
    ).toFixed(1);
  rows.push([
    'median ATR %: under $5 / $5–50 / above $50',
    `${atr(0, 5)} / ${atr(5, 50)} / ${atr(50, 1e9)}`,
    'falls with price',
  ]);
  const haltCount = [...halts.values()].reduce((a, b) => a + b, 0);
  const byReason = new Map<string, number>();
  for (const [k, v] of halts)
    byReason.set(k.split(' ')[0] as string, (byReason.get(k.split(' ')[0] as string) ?? 0) + v);
  rows.push([
    'halt reasons (mix)',
    [...byReason]
      .sort((a, b) => b[1] - a[1])
      .map(([k, v]) => `${k} ${pct(v / haltCount)}`)
      .join(', ') || 'none',
    'LUDP most; T1 the most common news halt, T2 and T12 too',
  ]);
  rows.push([
    'halts by reason and side',
    [...halts].map(([k, v]) => `${k} ${v}`).join(', ') || 'none',
    'LUDP both sides, T1/T2/T12 on news',
  ]);
  rows.push([`simulating ${minutes} min through the engine (s)`, (simulatedMs / 1000).toFixed(1), 'figure']);
  return { rows };
}

/** The figures as printed: what, the figure, its target. */
export function simulatorTable(figures: SimulatorFigures): string[] {
  return [
    'Simulated market (seed 1, the default universe and rate) against the US market',
    ...figures.rows.map(([what, figure, target]) => `  ${what.padEnd(62)} ${figure.padEnd(28)} ${target}`),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const minutes = Number(process.argv.find((a) => a.startsWith('--minutes='))?.split('=')[1] ?? 30);
  for (const line of simulatorTable(benchSimulator({ minutes }))) console.log(line);
}
