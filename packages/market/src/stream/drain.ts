import type { EngineState, FigureState } from '../engine/engineState.ts';
import { atrPercent, gapDollars, lastPrice, nullIfNaN } from '../engine/metrics.ts';
import { TF_DAY } from '../timeframes.ts';
import type { StreamBatch, StreamEntry } from './entry.ts';

function entry(
  e: FigureState,
  id: number,
  price: number,
  count: number,
  active: 0 | 1,
  flag: number | string,
): StreamEntry {
  const t = e.table;
  const d = e.day;
  const last = d.last[id] as number;
  const prev = t.prevClose[id] as number;
  return [
    t.symbols[id] as string,
    price,
    count,
    active,
    flag,
    d.volume[id] as number,
    t.exchanges.values[t.exchange[id] as number] ?? '',
    nullIfNaN(t.float[id] as number),
    nullIfNaN(t.newsTs[id] as number),
    nullIfNaN(atrPercent(e, id, TF_DAY, last)),
    nullIfNaN((gapDollars(e, id) / prev) * 100),
  ];
}

/** Builds one batch from the queue and clears it. Entries are ordered by event time. */
export function drainStream(
  e: FigureState & Pick<EngineState, 'queue' | 'reasons'>,
  now: number,
): StreamBatch {
  const q = e.queue;
  const d = e.day;
  const t = e.table;
  const highIds = Array.from(q.highIds.subarray(0, q.highN));
  highIds.sort((a, b) => (d.highTs[a] as number) - (d.highTs[b] as number) || a - b);
  const lowIds = Array.from(q.lowIds.subarray(0, q.lowN));
  lowIds.sort((a, b) => (d.lowTs[a] as number) - (d.lowTs[b] as number) || a - b);
  const highs = highIds.map((id) => {
    const h = d.high[id] as number;
    return entry(e, id, h, d.highCount[id] as number, d.last[id] === h ? 1 : 0, t.optionable[id] as number);
  });
  const lows = lowIds.map((id) => {
    const l = d.low[id] as number;
    return entry(e, id, l, d.lowCount[id] as number, d.last[id] === l ? 1 : 0, t.optionable[id] as number);
  });
  const halts: StreamEntry[] = [];
  for (let k = 0; k < q.haltN; k++) {
    const id = q.haltIds[k] as number;
    const reason = e.reasons.values[q.haltReasons[k] as number] ?? '';
    halts.push(
      entry(e, id, lastPrice(e, id), d.haltCount[id] as number, q.haltFlags[k] === 1 ? 1 : 0, reason),
    );
  }
  q.clear();
  return { ts: now, highs, lows, halts };
}
