import type { EngineState } from '../engine/engineState.ts';
import { SPARK_SLOT_MS, SPARK_STRIDE } from '../state/day.ts';

/** The 5-minute slot (0–191 from 04:00) of time now in the session; its last slot after 20:00. */
export function sparkSlot(session: EngineState['session'], now: number): number {
  const slot = Math.floor((now - session.start) / SPARK_SLOT_MS);
  return Math.min(Math.max(slot, -1), SPARK_STRIDE - 1);
}

const round4 = (x: number) => Math.round(x * 10_000) / 10_000;

/**
 * A symbol's sparkline: one point per 5-minute slot, from the first slot with a print to the
 * current one (19:55 after the close; a weekend shows the last session's whole day). A slot
 * without prints repeats the previous close; the last point is the current slot's last print
 * so far. Prices to 4 decimals (the column holds f32). Empty before the first print.
 */
export function sparkline(e: Pick<EngineState, 'clock' | 'day' | 'session'>, id: number): number[] {
  const { spark, sparkAt, last } = e.day;
  const base = id * SPARK_STRIDE;
  const to = sparkSlot(e.session, e.clock());
  // The slot of the last print holds it in `last` (see DayState.sparkAt).
  const lastAt = sparkAt[id] as number;
  const at = (k: number) => (k === lastAt ? (last[id] as number) : (spark[base + k] as number));
  let from = 0;
  while (from <= to && Number.isNaN(at(from))) from++;
  const out: number[] = [];
  let prev = Number.NaN;
  for (let k = from; k <= to; k++) {
    const v = at(k);
    if (!Number.isNaN(v)) prev = round4(v);
    out.push(prev);
  }
  return out;
}
