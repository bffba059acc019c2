// @tapeline/market: the pure market-engine core. No I/O, no timers; time comes from event
// timestamps and an injected clock.

export { AlertEvaluator, type AlertEvaluatorStats } from './alerts/AlertEvaluator.ts';
export type { AlertSink } from './alerts/emitter.ts';
export type { AlertEngineView } from './alerts/figures.ts';
export { ALERTS_PER_MINUTE, STORM_WINDOW_MS } from './alerts/stormCap.ts';
export { daysFromCivil, daysFromYmd, ymdFromDays } from './calendar/civil.ts';
export { DayKind, nyseDayKind, SPECIAL_CLOSINGS } from './calendar/nyseHolidays.ts';
export { nyLocalMs, nyOffsetMs, nyWallToUtc } from './calendar/nyTime.ts';
export {
  latestSession,
  nextSession,
  nyDay,
  PHASE_CODE,
  phaseAt,
  phaseIn,
  type SessionDay,
  type SessionPhase,
  sessionAt,
  sessionOfDay,
} from './calendar/session.ts';
export {
  conditionNames,
  conditionsFromNames,
  conditionTable,
  massiveConditions,
  SaleCondition,
  type SaleConditionName,
  sipConditions,
  UPDATES_ALL,
  UPDATES_HIGH_LOW,
  UPDATES_LAST,
  UPDATES_VOLUME,
  updatesOf,
} from './conditions/conditions.ts';
export { discoveryRows } from './discovery/recompute.ts';
export type { DiscoveryRow } from './discovery/row.ts';
export {
  type CompiledSmartFilter,
  compileConditions,
  compileSmartFilter,
  countMatches,
  type SmartFilterSpec,
  spyPriceDist,
} from './discovery/smartFilter.ts';
export {
  type DiscoveryColumns,
  filterSort,
  type RangeFilter,
  TABLE_COLUMNS,
  type TableColumn,
  toColumns,
} from './discovery/table.ts';
export type { EngineOptions, EngineStats } from './engine/MarketEngine.ts';
export { MarketEngine } from './engine/MarketEngine.ts';
export { completedDailyAtr, lastPrice, nullIfNaN } from './engine/metrics.ts';
export {
  type HistorySource,
  type HistoryTarget,
  type SeedCounts,
  seedBarArray,
  seedBars,
  seedFormingBar,
  seedHistory,
  seedVolumeProfile,
} from './engine/seed.ts';
export { type TestClock, testClock } from './engine/testClock.ts';
export type { Bar, MarketEvent, ReferenceData, StatusEvent, TradeEvent } from './events.ts';
export { ATR_N, BB_K, BB_N, KC_M, KC_N, ST_M, ST_N } from './indicators/barState.ts';
export {
  atrSeries,
  type Bands,
  bollingerSeries,
  emaSeries,
  type HLC,
  type HLCV,
  keltnerSeries,
  type SupertrendPoint,
  smaSeries,
  squeezeSeries,
  supertrendSeries,
  tradeVwap,
  vwapSeries,
} from './indicators/series.ts';
export { emaStep, isSqueezed, squeezeStep, trueRange, wilderStep } from './indicators/steps.ts';
export * from './lab/index.ts';
export { type QuoteFigures, type QuoteState, quoteOf } from './quotes/quote.ts';
export { QuoteTicker, type QuoteTickRow } from './quotes/quoteTick.ts';
export { sparkline, sparkSlot } from './quotes/spark.ts';
export { countBySector } from './sectorCounts.ts';
export {
  isSectorCode,
  normalizeSector,
  SECTOR,
  SECTOR_CODES,
  SECTOR_NAMES,
  SECTORS_OFF_BY_DEFAULT,
  type SectorCode,
} from './sectors.ts';
export * from './simulator/index.ts';
export { type EngineSnapshot, type RestoreResult, SNAPSHOT_VERSION } from './snapshot/snapshot.ts';
export { SPARK_SLOT_MS, SPARK_STRIDE } from './state/day.ts';
export type { StreamBatch } from './stream/entry.ts';
export { isTestSymbol, TEST_SYMBOLS } from './testSymbols.ts';
export {
  isTimeframe,
  STREAM_TF,
  TIMEFRAMES,
  type Timeframe,
} from './timeframes.ts';
