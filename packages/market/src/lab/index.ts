// The Alert lab's pure parts: the session recorder, its chunk format, and the backtest replay.
export { backtestSession, sessionBars } from './backtest.ts';
export { directionOf, isoDate, PricePaths, summarize } from './outcomes.ts';
export { type RecorderHooks, SessionRecorder } from './recorder.ts';
export { LAB_FILTERED_EVERY_MS, LAB_USER, type ReplayOptions, replaySession } from './replay.ts';
export { isSymbolCategory, ruleSymbols } from './ruleSymbols.ts';
export {
  joinSnapshots,
  SEAL_BLOCK,
  type SealedBlock,
  type SealedTape,
  sealTape,
  snapshotRange,
} from './sealedTape.ts';
export { readTape, type SessionTape } from './sessionTape.ts';
export { CHUNK_VERSION, type ChunkData, decodeChunk, encodeChunk, FormatError } from './tapeFormat.ts';
export { BATCH_MS, type Prints, tapePrints } from './tapePrints.ts';
