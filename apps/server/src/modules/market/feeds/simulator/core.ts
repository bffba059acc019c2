export {
  createSimulator,
  openingBell,
  type Simulator,
  type SimulatorSink,
  simulatedHistory,
  virtualTime,
} from '@tapeline/market';
