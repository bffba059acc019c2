import type { AlertEngineView } from '../alerts/figures.ts';
import { type SessionDay, sessionAt } from '../calendar/session.ts';
import {
  UPDATES_ALL,
  UPDATES_HIGH_LOW,
  UPDATES_LAST,
  UPDATES_VOLUME,
  updatesOf,
} from '../conditions/conditions.ts';
import {
  type ChunkData,
  EVENT_HALT,
  EVENT_HIGH,
  EVENT_LOW,
  EVENT_RESUME,
  encodeChunk,
} from './tapeFormat.ts';

// The session recorder's pure part (docs/alerts.md "Alert lab"): per-symbol 1-minute bars (OHLC,
// volume and VWAP terms, trade count, and when in the minute the open, high, low and close
// printed, so a replay puts them back in order) and the stream's highs, lows, halts and resumes.
// The engine thread calls `trade` after each print the engine accepted — a handful of typed-array
// writes, nothing allocated — and `afterDrain` after each drain; once a second the host calls
// `flush(now)`, which closes the minutes that ended and answers one encoded chunk to append.

const MINUTE = 60_000;
/** The forming bar's slots (SessionRecorder.bar). */
const STRIDE = 8;
const MIN = 0;
const O = 1;
const H = 2;
const L = 3;
const C = 4;
const V = 5;
const PV = 6;
const N = 7;

/** What the host must do when the tape enters another session: close the old, open the new. */
export interface RecorderHooks {
  /**
   * Before the first print of `next` reaches the engine (snapshot the opening state now);
   * `last` is the previous session's final chunk, to append to its file (null: none).
   */
  sessionStarts(next: SessionDay, previous: SessionDay | null, last: Uint8Array | null): void;
}

class Staging {
  n = 0;
  minute = new Uint16Array(1024);
  id = new Uint32Array(1024);
  open = new Float64Array(1024);
  high = new Float64Array(1024);
  low = new Float64Array(1024);
  close = new Float64Array(1024);
  avg = new Float64Array(1024);
  volume = new Float64Array(1024);
  trades = new Uint32Array(1024);
  tOpen = new Uint16Array(1024);
  tHigh = new Uint16Array(1024);
  tLow = new Uint16Array(1024);
  tClose = new Uint16Array(1024);
  e = 0;
  eKind = new Uint8Array(256);
  eId = new Uint32Array(256);
  eTs = new Float64Array(256);
  ePrice = new Float64Array(256);
  eReason = new Uint16Array(256);

  room(): void {
    if (this.n >= this.id.length) this.grow(ROW_KEYS, this.id.length * 2);
  }

  eventRoom(): void {
    if (this.e >= this.eId.length) this.grow(EVENT_KEYS, this.eId.length * 2);
  }

  private grow(keys: readonly (keyof Staging)[], size: number): void {
    for (const k of keys) {
      const old = this[k] as Float64Array;
      const grown = new (old.constructor as new (n: number) => Float64Array)(size);
      grown.set(old);
      (this as unknown as Record<string, unknown>)[k] = grown;
    }
  }
}
const ROW_KEYS = [
  'minute',
  'id',
  'open',
  'high',
  'low',
  'close',
  'avg',
  'volume',
  'trades',
  'tOpen',
  'tHigh',
  'tLow',
  'tClose',
] as const;
const EVENT_KEYS = ['eKind', 'eId', 'eTs', 'ePrice', 'eReason'] as const;

export class SessionRecorder {
  private session: SessionDay | null = null;
  private start = Number.POSITIVE_INFINITY;
  private end = Number.NEGATIVE_INFINITY;
  private cap = 0;
  /**
   * The forming bar per id, interleaved (STRIDE doubles an id: one cache line, where a column per
   * figure cost a cache miss each on a print): minute (-1: none), open, high, low, close, volume,
   * Σ price × volume, trade count. Plus the ms into the minute of the open, high, low and close.
   */
  private bar = new Float64Array(0);
  private t = new Uint16Array(0);
  private touched = new Int32Array(0);
  private touchedN = 0;
  private readonly stage = new Staging();
  /** Symbols already written to this session's file; 0 until the first chunk (a full list). */
  private written = 0;
  private readonly reasons: string[] = [];
  private readonly reasonIds = new Map<string, number>();
  private prevClose: Float64Array<ArrayBuffer> = new Float64Array(0);

  constructor(
    private readonly symbols: { readonly symbols: readonly string[]; readonly count: number },
    private readonly hooks: RecorderHooks,
  ) {}

  get current(): SessionDay | null {
    return this.session;
  }

  /**
   * Before the engine ingests a print at ts (cold unless ts is outside the current session): a
   * print of a new session lets the host snapshot the engine's opening state first.
   */
  before(ts: number): void {
    if (ts >= this.start && ts < this.end) return;
    const s = sessionAt(ts);
    if (s === null || (this.session !== null && s.date <= this.session.date)) return;
    const previous = this.session;
    const last = previous === null ? null : this.flush(Number.POSITIVE_INFINITY);
    this.session = s;
    this.start = s.start;
    this.end = s.end;
    this.restartFile();
    this.hooks.sessionStarts(s, previous, last);
  }

  /** A print the engine accepted (symbol id, its conditions as the engine read them). */
  trade(id: number, price: number, size: number, ts: number, conditions: number): void {
    if (ts < this.start || ts >= this.end) return;
    if (id >= this.cap) this.grow(id + 1);
    const upd = conditions === 0 ? UPDATES_ALL : updatesOf(conditions);
    const m = ((ts - this.start) / MINUTE) | 0;
    const at = (ts - this.start - m * MINUTE) | 0;
    const b = this.bar;
    const k = id * STRIDE;
    const cur = b[k + MIN] as number;
    if (cur !== m) {
      if (cur > m) {
        // A late print of an earlier minute: its volume counts in the forming bar.
        if (upd & UPDATES_VOLUME) {
          b[k + V] = (b[k + V] as number) + size;
          b[k + PV] = (b[k + PV] as number) + price * size;
        }
        return;
      }
      if (cur >= 0) this.close(id);
      else this.touched[this.touchedN++] = id;
      b[k + MIN] = m;
      b[k + O] = Number.NaN;
      b[k + V] = 0;
      b[k + PV] = 0;
      b[k + N] = 0;
    }
    b[k + N] = (b[k + N] as number) + 1;
    if (upd & UPDATES_VOLUME) {
      b[k + V] = (b[k + V] as number) + size;
      b[k + PV] = (b[k + PV] as number) + price * size;
    }
    if (!(upd & (UPDATES_LAST | UPDATES_HIGH_LOW))) return;
    const t = this.t;
    const tk = id * 4;
    if (Number.isNaN(b[k + O] as number)) {
      b[k + O] = price;
      b[k + H] = price;
      b[k + L] = price;
      t[tk] = at;
      t[tk + 1] = at;
      t[tk + 2] = at;
    } else if (price > (b[k + H] as number)) {
      b[k + H] = price;
      t[tk + 1] = at;
    } else if (price < (b[k + L] as number)) {
      b[k + L] = price;
      t[tk + 2] = at;
    }
    b[k + C] = price;
    t[tk + 3] = at;
  }

  /** After each drain: the batch's highs, lows, halts and resumes (the chart's marks). */
  afterDrain(e: Pick<AlertEngineView, 'queue' | 'day' | 'reasons'>): void {
    if (this.session === null) return;
    const d = e.queue.drained;
    for (let k = 0; k < d.highN; k++) {
      const id = d.highIds[k] as number;
      this.event(EVENT_HIGH, id, e.day.highTs[id] as number, e.day.high[id] as number, 0);
    }
    for (let k = 0; k < d.lowN; k++) {
      const id = d.lowIds[k] as number;
      this.event(EVENT_LOW, id, e.day.lowTs[id] as number, e.day.low[id] as number, 0);
    }
    for (let k = 0; k < d.haltN; k++) {
      const reason = e.reasons.values[d.haltReasons[k] as number] ?? '';
      let r = this.reasonIds.get(reason);
      if (r === undefined) {
        r = this.reasons.length;
        this.reasons.push(reason);
        this.reasonIds.set(reason, r);
      }
      const kind = d.haltFlags[k] === 1 ? EVENT_HALT : EVENT_RESUME;
      this.event(kind, d.haltIds[k] as number, d.haltTimes[k] as number, Number.NaN, r);
    }
  }

  /**
   * Closes every minute that ended before `now` (all of them when `now` is past the session) and
   * answers the encoded chunk of what was closed since the last flush; null when nothing was.
   */
  flush(now: number): Uint8Array | null {
    if (this.session === null) return null;
    const m = now >= this.end ? Number.POSITIVE_INFINITY : ((now - this.start) / MINUTE) | 0;
    let keep = 0;
    for (let k = 0; k < this.touchedN; k++) {
      const id = this.touched[k] as number;
      if ((this.bar[id * STRIDE + MIN] as number) < m) {
        this.close(id);
        this.bar[id * STRIDE + MIN] = -1;
      } else this.touched[keep++] = id;
    }
    this.touchedN = keep;
    const s = this.stage;
    if (s.n === 0 && s.e === 0 && this.written === this.symbols.count && this.written > 0) return null;
    const base = this.written;
    const chunk: ChunkData = {
      base,
      symbols: this.symbols.symbols.slice(base, this.symbols.count),
      reasons: this.reasons.slice(),
      rows: s.n,
      minute: s.minute,
      id: s.id,
      open: s.open,
      high: s.high,
      low: s.low,
      close: s.close,
      avg: s.avg,
      volume: s.volume,
      trades: s.trades,
      tOpen: s.tOpen,
      tHigh: s.tHigh,
      tLow: s.tLow,
      tClose: s.tClose,
      events: s.e,
      eKind: s.eKind,
      eId: s.eId,
      eTs: s.eTs,
      ePrice: s.ePrice,
      eReason: s.eReason,
    };
    if (this.prevClose.length < this.symbols.count)
      this.prevClose = grownF64(this.prevClose, this.symbols.count);
    const bytes = encodeChunk(chunk, this.prevClose);
    this.written = this.symbols.count;
    s.n = 0;
    s.e = 0;
    return bytes;
  }

  /** A new file for the session just started: the next chunk lists every symbol again. */
  restartFile(): void {
    this.written = 0;
    this.stage.n = 0;
    this.stage.e = 0;
    this.touchedN = 0;
    for (let k = MIN; k < this.bar.length; k += STRIDE) this.bar[k] = -1;
  }

  private close(id: number): void {
    const s = this.stage;
    const b = this.bar;
    const k = id * STRIDE;
    const tk = id * 4;
    const v = b[k + V] as number;
    let o = b[k + O] as number;
    const avg = v > 0 ? (b[k + PV] as number) / v : Number.NaN;
    // A minute of volume-only prints (odd lots, late reports): no price of its own.
    const volumeOnly = Number.isNaN(o);
    if (volumeOnly) {
      if (!(v > 0)) return;
      o = avg;
    }
    s.room();
    const i = s.n++;
    s.minute[i] = b[k + MIN] as number;
    s.id[i] = id;
    s.open[i] = o;
    s.high[i] = volumeOnly ? o : (b[k + H] as number);
    s.low[i] = volumeOnly ? o : (b[k + L] as number);
    s.close[i] = volumeOnly ? o : (b[k + C] as number);
    s.avg[i] = Number.isNaN(avg) ? o : avg;
    s.volume[i] = v;
    // Trade count 0 marks a volume-only minute for the replay.
    s.trades[i] = volumeOnly ? 0 : (b[k + N] as number);
    const t = this.t;
    s.tOpen[i] = volumeOnly ? (t[tk + 3] as number) : (t[tk] as number);
    s.tHigh[i] = t[tk + 1] as number;
    s.tLow[i] = t[tk + 2] as number;
    s.tClose[i] = t[tk + 3] as number;
  }

  private event(kind: number, id: number, ts: number, price: number, reason: number): void {
    const s = this.stage;
    s.eventRoom();
    const i = s.e++;
    s.eKind[i] = kind;
    s.eId[i] = id;
    s.eTs[i] = ts;
    s.ePrice[i] = price;
    s.eReason[i] = reason;
  }

  private grow(min: number): void {
    let cap = Math.max(1024, this.cap);
    while (cap < min) cap *= 2;
    const bar = new Float64Array(cap * STRIDE);
    bar.set(this.bar);
    for (let k = this.cap * STRIDE + MIN; k < bar.length; k += STRIDE) bar[k] = -1;
    this.bar = bar;
    const t = new Uint16Array(cap * 4);
    t.set(this.t);
    this.t = t;
    const touched = new Int32Array(cap);
    touched.set(this.touched);
    this.touched = touched;
    this.cap = cap;
  }
}

function grownF64(a: Float64Array, size: number): Float64Array<ArrayBuffer> {
  const b = new Float64Array(size).fill(Number.NaN);
  b.set(a);
  return b;
}
