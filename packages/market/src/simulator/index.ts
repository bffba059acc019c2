// The market simulator: pure and seeded; the server's feeds/simulator driver runs it on a timer.
export { openingBell, virtualTime } from './clock.ts';
export {
  HISTORY_BARS,
  type HistoryOptions,
  type SimulatedHistory,
  simulatedHistory,
} from './history.ts';
export { createRng, type Rng, subSeed } from './prng.ts';
export { intensity, luldBand } from './profile.ts';
export { createSimulator, type Simulator, type SimulatorOptions, type SimulatorSink } from './simulator.ts';
export { generateUniverse, INDEX_ETFS, maxUniverse, roundToTick } from './universe.ts';
export { SIM_FORMS, type SimNewsKind } from './wire.ts';
