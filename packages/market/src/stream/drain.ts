import { encodeStreamEntry, PROTOCOL_VERSION, type StreamEntry, type StreamEntryWire } from '@tapeline/core';
import type { EngineState, FigureState } from '../engine/engineState.ts';
import { atrPercent, gapDollars, lastPrice, nullIfNaN } from '../engine/metrics.ts';
import { TF_DAY } from '../timeframes.ts';
import type { StreamBatch } from './entry.ts';
import { unusualVolume } from './unusualVolume.ts';

/** A symbol's stream entry: fills `out` (one object reused for the whole batch) and encodes it. */
export function entry(
  e: FigureState,
  out: StreamEntry,
  id: number,
  price: number,
  count: number,
  active: boolean,
  flag: number | string,
  eventTs: number,
): StreamEntryWire {
  const t = e.table;
  const d = e.day;
  const last = d.last[id] as number;
  const prev = t.prevClose[id] as number;
  out.symbol = t.symbols[id] as string;
  out.last = price;
  out.count = count;
  out.active = active;
  out.flag = flag;
  out.volume = d.volume[id] as number;
  out.exchange = t.exchanges.values[t.exchange[id] as number] ?? '';
  out.float = nullIfNaN(t.float[id] as number);
  out.newsTime = nullIfNaN(t.newsTs[id] as number);
  out.atr = nullIfNaN(atrPercent(e, id, TF_DAY, last));
  out.gap = nullIfNaN((gapDollars(e, id) / prev) * 100);
  out.storyTime = nullIfNaN(t.storyTs[id] as number);
  out.eventTs = nullIfNaN(eventTs);
  return encodeStreamEntry(out);
}

export const blankEntry = (): StreamEntry => ({
  symbol: '',
  last: 0,
  count: 0,
  active: false,
  flag: 0,
  volume: 0,
  exchange: '',
  float: null,
  newsTime: null,
  atr: null,
  gap: null,
  storyTime: null,
  eventTs: null,
  publishedTs: null,
});

/** A symbol's unusual-volume entry: its last price, levels reached, uVol % (flag) and time. */
export function uvolEntry(e: FigureState, out: StreamEntry, id: number): StreamEntryWire {
  const d = e.day;
  return entry(
    e,
    out,
    id,
    lastPrice(e, id),
    d.uvLevel[id] as number,
    true,
    Math.round(d.uvPct[id] as number),
    d.uvTs[id] as number,
  );
}

/**
 * Builds one batch from the queue and clears it. Entries are ordered by event time. A batch with
 * entries takes the next `seq` of the engine's `epoch`; an empty one keeps the last (it is not
 * published). The symbols that printed are checked for a new unusual-volume level here, once a
 * batch (unusualVolume.ts).
 */
export function drainStream(
  e: FigureState &
    Pick<EngineState, 'queue' | 'reasons' | 'profile' | 'session'> & { readonly epoch: number },
  now: number,
): StreamBatch {
  const q = e.queue;
  const d = e.day;
  const t = e.table;
  const out = blankEntry();
  // Every entry of the batch goes out at this drain: its publish time is the batch's.
  out.publishedTs = now;
  // Sorted in place: the queue hands these same lists, in time order, to the alert evaluator.
  const highIds = q.highIds.subarray(0, q.highN);
  highIds.sort((a, b) => (d.highTs[a] as number) - (d.highTs[b] as number) || a - b);
  const lowIds = q.lowIds.subarray(0, q.lowN);
  lowIds.sort((a, b) => (d.lowTs[a] as number) - (d.lowTs[b] as number) || a - b);
  const highs = Array.from(highIds, (id) => {
    const h = d.high[id] as number;
    const count = d.highCount[id] as number;
    return entry(e, out, id, h, count, d.last[id] === h, t.optionable[id] as number, d.highTs[id] as number);
  });
  const lows = Array.from(lowIds, (id) => {
    const l = d.low[id] as number;
    const count = d.lowCount[id] as number;
    return entry(e, out, id, l, count, d.last[id] === l, t.optionable[id] as number, d.lowTs[id] as number);
  });
  const halts: StreamEntryWire[] = [];
  for (let k = 0; k < q.haltN; k++) {
    const id = q.haltIds[k] as number;
    const reason = e.reasons.values[q.haltReasons[k] as number] ?? '';
    const at = q.haltTimes[k] as number;
    halts.push(
      entry(e, out, id, lastPrice(e, id), d.haltCount[id] as number, q.haltFlags[k] === 1, reason, at),
    );
  }
  const uvols = unusualVolume(e, q.touchedIds, q.touchedN, now).map((id) => uvolEntry(e, out, id));
  q.clear();
  if (highs.length > 0 || lows.length > 0 || halts.length > 0 || uvols.length > 0) q.published++;
  return { v: PROTOCOL_VERSION, ep: e.epoch, seq: q.published, ts: now, highs, lows, halts, uvols };
}
