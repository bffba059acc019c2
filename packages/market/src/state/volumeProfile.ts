import { SLOTS_PER_SESSION } from '../timeframes.ts';
import { ColumnGroup } from './columns.ts';

// Intraday volume profile for uVol: today's volume per 15-minute slot from 04:00, and the
// average volume of each slot over prior sessions. The average is a running mean over the
// sessions seen, which becomes an exponential average over about PROFILE_SESSIONS sessions
// once that many have been folded in, so one stale day fades out without keeping 20 copies.

export const PROFILE_SESSIONS = 20;

export class VolumeProfile {
  readonly cols: ColumnGroup;
  today!: Float64Array;
  avg!: Float64Array;
  sessions!: Uint32Array;

  constructor(capacity: number) {
    this.cols = new ColumnGroup(this, [
      { name: 'today', kind: 'f64', stride: SLOTS_PER_SESSION, fill: 0 },
      { name: 'avg', kind: 'f64', stride: SLOTS_PER_SESSION, fill: 0 },
      { name: 'sessions', kind: 'u32', stride: 1, fill: 0 },
    ]);
    this.cols.allocate(capacity);
  }

  add(id: number, slot: number, size: number): void {
    const i = id * SLOTS_PER_SESSION + slot;
    this.today[i] = (this.today[i] as number) + size;
  }

  /** Σ of a symbol's slots [from, to] inclusive, in today's or the average profile. */
  sum(arr: Float64Array, id: number, from: number, to: number): number {
    let s = 0;
    const base = id * SLOTS_PER_SESSION;
    for (let k = from; k <= to; k++) s += arr[base + k] as number;
    return s;
  }

  /** End of a session: folds today into the average for every symbol that has ever traded. */
  foldSession(count: number): void {
    for (let id = 0; id < count; id++) {
      const base = id * SLOTS_PER_SESSION;
      const todaySum = this.sum(this.today, id, 0, SLOTS_PER_SESSION - 1);
      const seen = this.sessions[id] as number;
      if (seen === 0 && todaySum === 0) continue;
      const n = Math.min(seen + 1, PROFILE_SESSIONS);
      for (let k = 0; k < SLOTS_PER_SESSION; k++) {
        const a = this.avg[base + k] as number;
        this.avg[base + k] = a + ((this.today[base + k] as number) - a) / n;
      }
      this.sessions[id] = seen + 1;
    }
    this.today.fill(0);
  }

  /** Seeds a symbol's average profile (volume per 15-minute slot from 04:00). */
  seed(id: number, slots: ArrayLike<number>, sessions: number): void {
    const base = id * SLOTS_PER_SESSION;
    for (let k = 0; k < SLOTS_PER_SESSION; k++) this.avg[base + k] = slots[k] ?? 0;
    this.sessions[id] = Math.max(1, sessions);
  }
}
