// Stream batches as the engine thread makes them at a busy open: the market simulator's tape
// from the 09:30 bell through EngineRuntime, drained every 250 ms like the worker. The
// simulator's seeded history goes in first, as the simulator feed hands it over, so the ATR
// position is filled as on a running server.
import { createSimulator, openingBell, type StreamBatch, simulatedHistory } from '@tapeline/market';
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
  runtime.sink.history(simulatedHistory(refs, { seed: 7, startTs: open }));
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
