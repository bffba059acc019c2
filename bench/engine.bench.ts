// Engine benchmarks: ingest rate, NDJSON decode overhead, full-market Discovery recompute,
// one filter + sort over the universe, engine memory. Prints figures; never fails on speed.
import {
  type DiscoveryRow,
  discoveryRows,
  filterSort,
  MarketEngine,
  TIMEFRAMES,
  toColumns,
} from '@tapeline/market';
import { EngineRuntime } from '../apps/server/src/modules/market/engine/runtime.ts';
import { decodeLine } from '../apps/server/src/modules/market/feeds/replay/ndjson.ts';

const SYMBOLS = 10_000;
// Monday 2026-11-23 10:00 New York: inside a regular session.
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

function universe(): string[] {
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXY';
  return Array.from({ length: SYMBOLS }, (_, i) => {
    let n = i;
    let sym = '';
    do {
      sym = letters[n % 25] + sym;
      n = Math.floor(n / 25);
    } while (n > 0);
    return `Q${sym}`;
  });
}

function loadedEngine(now: { t: number }) {
  const engine = new MarketEngine({ clock: () => now.t, capacity: SYMBOLS });
  const syms = universe();
  for (const [i, sym] of syms.entries()) {
    engine.setReference({
      sym,
      name: `${sym} Corp`,
      sector: [1, 2, 9, 13, 16][i % 5] as number,
      float: 1e6 + i * 1000,
      shortRatio: (i % 10) / 2,
      optionable: i % 3 === 0,
      prevClose: 5 + (i % 500),
      avgVolume: 100_000 + i,
      exchange: 'NASDAQ',
    });
  }
  return { engine, syms };
}

export interface EngineFigures {
  ingest_trades_per_s: number;
  ingest_vs_json_parse: number;
  discovery_recompute_ms: number;
  filter_sort_ms: number;
  columns_ms: number;
  engine_rss_mb: number;
}

export function benchEngine(trades = 5_000_000): EngineFigures {
  const now = { t: START };
  const rand = rng(7);
  const prices = new Float64Array(trades);
  const which = new Int32Array(trades);
  for (let i = 0; i < trades; i++) {
    which[i] = Math.floor(rand() * SYMBOLS);
    prices[i] = 5 + ((which[i] as number) % 500) * (1 + (rand() - 0.5) * 0.02);
  }
  // The tape is made before measuring memory: the figure is the engine's own.
  const rssBefore = process.memoryUsage().rss;
  const { engine, syms } = loadedEngine(now);
  const ids = Int32Array.from(syms, (s) => engine.idOf(s));
  let t0 = performance.now();
  for (let i = 0; i < trades; i++) {
    const ts = START + Math.floor(i / 1000);
    now.t = ts;
    engine.ingestTrade(ids[which[i] as number] as number, prices[i] as number, 100, ts);
    if ((i & 0xffff) === 0) engine.drainBatch();
  }
  const ingestMs = performance.now() - t0;
  const engineRss = (process.memoryUsage().rss - rssBefore) / 1024 / 1024;

  // NDJSON: decode + ingest through the runtime's sink vs a bare JSON.parse of the same lines.
  const lines = Array.from({ length: 500_000 }, (_, i) =>
    JSON.stringify({
      type: 'trade',
      sym: syms[i % SYMBOLS],
      price: 10 + (i % 100) / 10,
      size: 100,
      ts: START + i,
    }),
  );
  const runtime = new EngineRuntime('bench', null, { clockStart: START });
  t0 = performance.now();
  for (const line of lines) JSON.parse(line);
  const parseMs = performance.now() - t0;
  t0 = performance.now();
  for (const line of lines) decodeLine(line, runtime.sink, runtime.sink.clock);
  const decodeIngestMs = performance.now() - t0;

  t0 = performance.now();
  const rows: Record<string, DiscoveryRow[]> = {};
  for (const tf of TIMEFRAMES) rows[tf] = discoveryRows(engine, tf);
  const recomputeMs = performance.now() - t0;

  // One filter + sort as the Discovery table does: price range, volume floor, sort by % change,
  // over the snapshot's columns laid out once per refresh (that cost is measured on its own).
  const day = rows['1day'] ?? [];
  t0 = performance.now();
  const table = toColumns(day);
  const columnsMs = performance.now() - t0;
  const filters = [
    { column: 'last', min: 10, max: 200 },
    { column: 'volume', min: 100 },
  ] as const;
  for (let r = 0; r < 20; r++) filterSort(table, filters, 'change');
  const runs = 50;
  t0 = performance.now();
  for (let r = 0; r < runs; r++) filterSort(table, filters, 'change');
  const filterSortMs = (performance.now() - t0) / runs;

  return {
    ingest_trades_per_s: Math.round(trades / (ingestMs / 1000)),
    ingest_vs_json_parse: Number((decodeIngestMs / parseMs).toFixed(2)),
    discovery_recompute_ms: Number(recomputeMs.toFixed(1)),
    filter_sort_ms: Number(filterSortMs.toFixed(3)),
    columns_ms: Number(columnsMs.toFixed(2)),
    engine_rss_mb: Number(engineRss.toFixed(1)),
  };
}
