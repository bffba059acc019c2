import { daysFromYmd } from '../calendar/civil.ts';
import { type SessionDay, sessionOfDay } from '../calendar/session.ts';
import type { EngineSnapshot } from '../snapshot/snapshot.ts';
import { decodeChunk } from './tapeFormat.ts';

// One recorded session as the lab reads it: the engine's opening state, and every minute bar and
// stream event of the day with symbols renumbered for the session (a file may hold several
// symbol lists: a recorder that restarted mid-session starts its list again).

export interface SessionTape {
  readonly session: SessionDay;
  /** The engine's state before the session's first recorded print (or at a mid-session start). */
  readonly open: EngineSnapshot;
  readonly symbols: string[];
  readonly rows: number;
  /** Minute index since 04:00, and the session symbol. Rows are in minute order. */
  readonly minute: Uint16Array;
  readonly sym: Uint32Array;
  readonly open_: Float64Array;
  readonly high: Float64Array;
  readonly low: Float64Array;
  readonly close: Float64Array;
  readonly avg: Float64Array;
  readonly volume: Float64Array;
  /** 0: a minute of volume-only prints. */
  readonly trades: Uint32Array;
  readonly tOpen: Uint16Array;
  readonly tHigh: Uint16Array;
  readonly tLow: Uint16Array;
  readonly tClose: Uint16Array;
  readonly events: number;
  readonly eKind: Uint8Array;
  readonly eSym: Uint32Array;
  readonly eTs: Float64Array;
  readonly ePrice: Float64Array;
  readonly eReason: string[];
}

/** Assembles a session from its opening state and its chunks (inflated), in file order. */
export function readTape(date: number, open: EngineSnapshot, chunks: readonly Uint8Array[]): SessionTape {
  const session = sessionOfDay(daysFromYmd(date));
  if (!session) throw new Error(`${date} is not a trading day`);
  const symbols: string[] = [];
  const index = new Map<string, number>();
  let ids: number[] = [];
  let prevClose = new Float64Array(1024);
  const decoded = chunks.map((bytes) => {
    const c = decodeChunk(bytes, prevClose);
    if (c.base === 0) ids = [];
    for (const s of c.symbols) {
      let k = index.get(s);
      if (k === undefined) {
        k = symbols.length;
        symbols.push(s);
        index.set(s, k);
      }
      ids.push(k);
    }
    if (prevClose.length < ids.length) {
      const grown = new Float64Array(ids.length * 2).fill(Number.NaN);
      grown.set(prevClose);
      prevClose = grown;
    }
    return { c, map: Int32Array.from(ids) };
  });
  let rows = 0;
  let events = 0;
  for (const { c } of decoded) {
    rows += c.rows;
    events += c.events;
  }
  // A counting sort by minute: chunks hold the minutes that closed at each flush, mostly in order.
  const count = new Uint32Array(16 * 60 + 2);
  for (const { c } of decoded)
    for (let i = 0; i < c.rows; i++)
      count[(c.minute[i] as number) + 1] = (count[(c.minute[i] as number) + 1] as number) + 1;
  for (let m = 1; m < count.length; m++) count[m] = (count[m] as number) + (count[m - 1] as number);
  const t = {
    minute: new Uint16Array(rows),
    sym: new Uint32Array(rows),
    open_: new Float64Array(rows),
    high: new Float64Array(rows),
    low: new Float64Array(rows),
    close: new Float64Array(rows),
    avg: new Float64Array(rows),
    volume: new Float64Array(rows),
    trades: new Uint32Array(rows),
    tOpen: new Uint16Array(rows),
    tHigh: new Uint16Array(rows),
    tLow: new Uint16Array(rows),
    tClose: new Uint16Array(rows),
  };
  const eKind = new Uint8Array(events);
  const eSym = new Uint32Array(events);
  const eTs = new Float64Array(events);
  const ePrice = new Float64Array(events);
  const eReason: string[] = new Array(events);
  let e = 0;
  const { minute, sym, open_, high, low, close, avg, volume, trades, tOpen, tHigh, tLow, tClose } = t;
  for (const { c, map } of decoded) fill(c, map);
  function fill(c: ReturnType<typeof decodeChunk>, map: Int32Array): void {
    const cm = c.minute;
    const id = c.id;
    for (let i = 0; i < c.rows; i++) {
      const m = cm[i] as number;
      const at = count[m] as number;
      count[m] = at + 1;
      minute[at] = m;
      sym[at] = map[id[i] as number] as number;
      open_[at] = c.open[i] as number;
      high[at] = c.high[i] as number;
      low[at] = c.low[i] as number;
      close[at] = c.close[i] as number;
      avg[at] = c.avg[i] as number;
      volume[at] = c.volume[i] as number;
      trades[at] = c.trades[i] as number;
      tOpen[at] = c.tOpen[i] as number;
      tHigh[at] = c.tHigh[i] as number;
      tLow[at] = c.tLow[i] as number;
      tClose[at] = c.tClose[i] as number;
    }
    for (let i = 0; i < c.events; i++, e++) {
      eKind[e] = c.eKind[i] as number;
      eSym[e] = map[c.eId[i] as number] as number;
      eTs[e] = c.eTs[i] as number;
      ePrice[e] = c.ePrice[i] as number;
      eReason[e] = c.reasons[c.eReason[i] as number] ?? '';
    }
  }
  return { session, open, symbols, rows, ...t, events, eKind, eSym, eTs, ePrice, eReason };
}
