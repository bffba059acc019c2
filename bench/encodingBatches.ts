// Stream batches as the engine thread makes them at a busy open: the market simulator's tape
// from the 09:30 bell through EngineRuntime, drained every 250 ms like the worker. Daily bars are
// seeded first so the ATR position is filled, as on a warmed-up server (a fresh one sends null,
// which only makes every encoding smaller).
import {
  createRng,
  createSimulator,
  openingBell,
  type ReferenceData,
  type StreamBatch,
  seedBars,
} from '@tapeline/market';
import { EngineRuntime } from '../apps/server/src/modules/market/engine/runtime.ts';

export interface CapturedBatches {
  /** The batches as the worker sends them: JSON text from `EngineRuntime.drain()`. */
  json: string[];
  /** The same batches as objects, for the encodings that start from the object. */
  batches: StreamBatch[];
  /** Prints per virtual second the simulator produced over the capture. */
  printsPerSecond: number;
  seconds: number;
}

const DAY = 86_400_000;

function seedDailyBars(runtime: EngineRuntime, refs: readonly ReferenceData[], before: number) {
  const rand = createRng(3);
  for (const ref of refs) {
    let close = ref.prevClose;
    const bars = [];
    for (let k = 20; k >= 1; k--) {
      const open = close;
      const high = open * (1 + 0.03 * rand.next());
      const low = open * (1 - 0.03 * rand.next());
      close = low + (high - low) * rand.next();
      bars.push({ start: before - k * DAY, open, high, low, close, volume: ref.avgVolume });
    }
    seedBars(runtime.engine, ref.sym, '1day', bars);
  }
}

export function captureBatches(options: {
  /** The simulator's session average; the open runs about 4.4× that. */
  tradesPerSecond: number;
  seconds: number;
  drainMs: number;
}): CapturedBatches {
  const open = openingBell(Date.UTC(2026, 10, 23, 12, 0));
  const sim = createSimulator({
    seed: 7,
    symbols: 10_000,
    tradesPerSecond: options.tradesPerSecond,
    startTs: open,
  });
  const runtime = new EngineRuntime('bench', null, { clockStart: open });
  const refs = sim.reference();
  runtime.sink.reference(refs);
  seedDailyBars(runtime, refs, open);
  const json: string[] = [];
  let prints = 0;
  for (let ts = open + options.drainMs; ts <= open + options.seconds * 1000; ts += options.drainMs) {
    prints += sim.step(ts, runtime.sink);
    runtime.sink.clock(ts);
    const batch = runtime.drain();
    if (batch) json.push(batch);
  }
  return {
    json,
    batches: json.map((text) => JSON.parse(text) as StreamBatch),
    printsPerSecond: Math.round(prints / options.seconds),
    seconds: options.seconds,
  };
}
