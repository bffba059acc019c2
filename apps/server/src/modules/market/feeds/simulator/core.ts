export {
  createSimulator,
  openingBell,
  type Simulator,
  type SimulatorSink,
  virtualTime,
} from '@tapeline/market';
