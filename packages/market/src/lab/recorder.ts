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
  /** The forming minute per id (-1: none): its bar's figures. */
  private minute = new Int32Array(0);
  private o = new Float64Array(0);
  private h = new Float64Array(0);
  private l = new Float64Array(0);
  private c = new Float64Array(0);
  private v = new Float64Array(0);
  private pv = new Float64Array(0);
  private n = new Uint32Array(0);
  private tO = new Uint16Array(0);
  private tH = new Uint16Array(0);
  private tL = new Uint16Array(0);
  private tC = new Uint16Array(0);
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
    const cur = this.minute[id] as number;
    if (cur !== m) {
      if (cur > m) {
        // A late print of an earlier minute: its volume counts in the forming bar.
        if (upd & UPDATES_VOLUME) this.addVolume(id, price, size);
        return;
      }
      if (cur >= 0) this.close(id);
      else this.touched[this.touchedN++] = id;
      this.minute[id] = m;
      this.o[id] = Number.NaN;
      this.v[id] = 0;
      this.pv[id] = 0;
      this.n[id] = 0;
    }
    this.n[id] = (this.n[id] as number) + 1;
    if (upd & UPDATES_VOLUME) this.addVolume(id, price, size);
    if (!(upd & (UPDATES_LAST | UPDATES_HIGH_LOW))) return;
    if (Number.isNaN(this.o[id] as number)) {
      this.o[id] = price;
      this.h[id] = price;
      this.l[id] = price;
      this.tO[id] = at;
      this.tH[id] = at;
      this.tL[id] = at;
    } else if (price > (this.h[id] as number)) {
      this.h[id] = price;
      this.tH[id] = at;
    } else if (price < (this.l[id] as number)) {
      this.l[id] = price;
      this.tL[id] = at;
    }
    this.c[id] = price;
    this.tC[id] = at;
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
      if ((this.minute[id] as number) < m) {
        this.close(id);
        this.minute[id] = -1;
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
    this.minute.fill(-1);
  }

  private addVolume(id: number, price: number, size: number): void {
    this.v[id] = (this.v[id] as number) + size;
    this.pv[id] = (this.pv[id] as number) + price * size;
  }

  private close(id: number): void {
    const s = this.stage;
    const v = this.v[id] as number;
    let o = this.o[id] as number;
    const avg = v > 0 ? (this.pv[id] as number) / v : Number.NaN;
    // A minute of volume-only prints (odd lots, late reports): no price of its own.
    const volumeOnly = Number.isNaN(o);
    if (volumeOnly) {
      if (!(v > 0)) return;
      o = avg;
    }
    s.room();
    const i = s.n++;
    s.minute[i] = this.minute[id] as number;
    s.id[i] = id;
    s.open[i] = o;
    s.high[i] = volumeOnly ? o : (this.h[id] as number);
    s.low[i] = volumeOnly ? o : (this.l[id] as number);
    s.close[i] = volumeOnly ? o : (this.c[id] as number);
    s.avg[i] = Number.isNaN(avg) ? o : avg;
    s.volume[i] = v;
    // Trade count 0 marks a volume-only minute for the replay.
    s.trades[i] = volumeOnly ? 0 : (this.n[id] as number);
    s.tOpen[i] = volumeOnly ? (this.tC[id] as number) : (this.tO[id] as number);
    s.tHigh[i] = this.tH[id] as number;
    s.tLow[i] = this.tL[id] as number;
    s.tClose[i] = this.tC[id] as number;
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
    const f64 = (a: Float64Array) => grownF64(a, cap);
    const i32 = new Int32Array(cap).fill(-1);
    i32.set(this.minute);
    this.minute = i32;
    this.o = f64(this.o);
    this.h = f64(this.h);
    this.l = f64(this.l);
    this.c = f64(this.c);
    this.v = f64(this.v);
    this.pv = f64(this.pv);
    const u32 = new Uint32Array(cap);
    u32.set(this.n);
    this.n = u32;
    for (const k of ['tO', 'tH', 'tL', 'tC'] as const) {
      const a = new Uint16Array(cap);
      a.set(this[k]);
      this[k] = a;
    }
    const t = new Int32Array(cap);
    t.set(this.touched);
    this.touched = t;
    this.cap = cap;
  }
}

function grownF64(a: Float64Array, size: number): Float64Array<ArrayBuffer> {
  const b = new Float64Array(size).fill(Number.NaN);
  b.set(a);
  return b;
}
