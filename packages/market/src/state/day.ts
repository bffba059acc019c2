import { ColumnGroup, type ColumnSpec } from './columns.ts';

/** The sparkline's slot: 5 minutes. */
export const SPARK_SLOT_MS = 5 * 60_000;
/** 5-minute slots from 04:00 to 20:00. */
export const SPARK_STRIDE = 192;

// What a symbol did in the current session. Prices and times start as NaN ("no print yet");
// counts and volumes as 0. The whole group is wiped when the next session begins at 04:00.

const SPECS: readonly ColumnSpec[] = [
  { name: 'last', kind: 'f64', stride: 1, fill: Number.NaN },
  { name: 'open', kind: 'f64', stride: 1, fill: Number.NaN },
  { name: 'high', kind: 'f64', stride: 1, fill: Number.NaN },
  { name: 'low', kind: 'f64', stride: 1, fill: Number.NaN },
  { name: 'regOpen', kind: 'f64', stride: 1, fill: Number.NaN },
  { name: 'regClose', kind: 'f64', stride: 1, fill: Number.NaN },
  { name: 'volume', kind: 'f64', stride: 1, fill: 0 },
  /** Σ price × size: the VWAP numerator and the money flow. */
  { name: 'value', kind: 'f64', stride: 1, fill: 0 },
  { name: 'lastTs', kind: 'f64', stride: 1, fill: Number.NaN },
  { name: 'highTs', kind: 'f64', stride: 1, fill: Number.NaN },
  { name: 'lowTs', kind: 'f64', stride: 1, fill: Number.NaN },
  { name: 'haltTs', kind: 'f64', stride: 1, fill: Number.NaN },
  { name: 'highCount', kind: 'u32', stride: 1, fill: 0 },
  { name: 'lowCount', kind: 'u32', stride: 1, fill: 0 },
  { name: 'trades', kind: 'u32', stride: 1, fill: 0 },
  { name: 'haltCount', kind: 'u32', stride: 1, fill: 0 },
  { name: 'haltReason', kind: 'i32', stride: 1, fill: 0 },
  { name: 'halted', kind: 'u8', stride: 1, fill: 0 },
  /** Unusual-volume levels reached today (stream/unusualVolume.ts), the latest one's time and uVol %. */
  { name: 'uvLevel', kind: 'u8', stride: 1, fill: 0 },
  { name: 'uvTs', kind: 'f64', stride: 1, fill: Number.NaN },
  { name: 'uvPct', kind: 'f64', stride: 1, fill: Number.NaN },
  /**
   * The last print of each 5-minute slot from 04:00 (NaN: none); 12,000 symbols ≈ 9 MB. The
   * slot of `last` (sparkAt) is not written yet: it is `last` itself, stored here when the next
   * slot's first print comes, so most prints touch only the small columns.
   */
  { name: 'spark', kind: 'f32', stride: SPARK_STRIDE, fill: Number.NaN },
  /** The spark slot `last` belongs to; −1 before the first print. */
  { name: 'sparkAt', kind: 'i32', stride: 1, fill: -1 },
];

export class DayState {
  readonly cols: ColumnGroup;
  last!: Float64Array;
  open!: Float64Array;
  high!: Float64Array;
  low!: Float64Array;
  regOpen!: Float64Array;
  regClose!: Float64Array;
  volume!: Float64Array;
  value!: Float64Array;
  lastTs!: Float64Array;
  highTs!: Float64Array;
  lowTs!: Float64Array;
  haltTs!: Float64Array;
  highCount!: Uint32Array;
  lowCount!: Uint32Array;
  trades!: Uint32Array;
  haltCount!: Uint32Array;
  haltReason!: Int32Array;
  halted!: Uint8Array;
  uvLevel!: Uint8Array;
  uvTs!: Float64Array;
  uvPct!: Float64Array;
  spark!: Float32Array;
  sparkAt!: Int32Array;

  constructor(capacity: number) {
    this.cols = new ColumnGroup(this, SPECS);
    this.cols.allocate(capacity);
  }

  /**
   * New session. A halt carries over (a symbol halted at the close stays halted until its
   * resume message), everything else starts afresh.
   */
  resetAll(): void {
    for (const s of this.cols.specs) {
      if (s.name !== 'halted' && s.name !== 'haltReason') this.cols.get(s.name).fill(s.fill);
    }
  }
}
