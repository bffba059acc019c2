// The session recorder's chunk format (docs/alerts.md "Alert lab", docs/decisions.md "The Alert
// lab"). One chunk per flush, appended to the session's bars file after compression by the host;
// a sealed session's per-symbol blocks are chunks too. Columnar and byte-shuffled: each column is
// one typed array of small integers (prices as ticks of 1/10,000 — the open as a delta from the
// symbol's previous close in this file, high, low, close and the minute's average price as deltas
// from the open, divided by 100 when every one of the chunk is a whole cent; minutes, ids and the
// instants of the high, low and close as deltas), written byte plane by byte plane so the high
// bytes, nearly all 0 or 255, sit together for deflate/brotli. A quiet minute costs a few bytes.
//
//   [u32 header length][header JSON][columns, byte-shuffled, back to back, in file order]
//
// A chunk with `base` 0 restarts the symbol list (a recorder that started, or restarted, mid-
// session: its engine's ids may differ) and forgets the previous closes.

/** Chunk format version; a chunk of another version is refused (FormatError). */
export const CHUNK_VERSION = 2;

export class FormatError extends Error {}

export const TICKS = 10_000;

export const EVENT_HIGH = 0;
export const EVENT_LOW = 1;
export const EVENT_HALT = 2;
export const EVENT_RESUME = 3;
export const EVENT_KINDS = ['high', 'low', 'halt', 'resume'] as const;

/** One flush: closed minute bars (prices as plain numbers) and the stream events since. */
export interface ChunkData {
  /** Index of the first of `symbols` (0: the list starts again). */
  base: number;
  symbols: string[];
  reasons: string[];
  rows: number;
  minute: Uint16Array;
  id: Uint32Array;
  open: Float64Array;
  high: Float64Array;
  low: Float64Array;
  close: Float64Array;
  /** The minute's volume-weighted average price (VWAP terms: avg × volume). */
  avg: Float64Array;
  volume: Float64Array;
  trades: Uint32Array;
  /** Ms into the minute of the open, high, low and close prints. */
  tOpen: Uint16Array;
  tHigh: Uint16Array;
  tLow: Uint16Array;
  tClose: Uint16Array;
  events: number;
  eKind: Uint8Array;
  eId: Uint32Array;
  eTs: Float64Array;
  ePrice: Float64Array;
  eReason: Uint16Array;
}

/** JSON as ASCII bytes (anything else escaped as \\uXXXX): the package has no TextEncoder. */
function asciiBytes(json: string): Uint8Array {
  const ascii = json.replace(
    /[\u0080-\uffff]/g,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  const out = new Uint8Array(ascii.length);
  for (let i = 0; i < ascii.length; i++) out[i] = ascii.charCodeAt(i);
  return out;
}

function asciiText(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 8192)
    s += String.fromCharCode(...bytes.subarray(i, Math.min(bytes.length, i + 8192)));
  return s;
}

const ticks = (p: number) => Math.round(p * TICKS);
const I32 = 2_147_483_647;

interface Header {
  v: number;
  base: number;
  symbols: string[];
  reasons: string[];
  rows: number;
  events: number;
  /** The open deltas did not all fit an i32 (a price over $214,748): stored as f64. */
  wide: boolean;
  /** Every volume a whole number below 2^32: stored as u32. */
  intVolume: boolean;
  /** Divisor of open, high, low, close and avg ticks (100: all whole cents). */
  scale: [number, number, number, number, number];
}

/** 100 when every value is a multiple of 100 (whole cents, the usual price above $1), else 1. */
function centScale(a: Int32Array): number {
  for (let i = 0; i < a.length; i++) if ((a[i] as number) % 100 !== 0) return 1;
  return 100;
}

function divide(a: Int32Array, by: number): void {
  if (by !== 1) for (let i = 0; i < a.length; i++) a[i] = (a[i] as number) / by;
}

type Typed = Uint8Array | Uint16Array | Int32Array | Uint32Array | Float64Array;

/** `to` filled from `from`, element by element converted (set: TypedArray.from iterates, slowly). */
function converted<T extends Typed>(to: T, from: Typed): T {
  to.set(from);
  return to;
}

/** Writes the column's bytes plane by plane: every element's byte 0, then every byte 1, … */
function shuffleInto(col: Typed, out: Uint8Array, at: number): number {
  const w = col.BYTES_PER_ELEMENT;
  const n = col.length;
  if (w === 1) out.set(col as Uint8Array, at);
  else if (w === 2) {
    const a = col as Uint16Array;
    for (let i = 0; i < n; i++) {
      const v = a[i] as number;
      out[at + i] = v;
      out[at + n + i] = v >>> 8;
    }
  } else if (w === 4) {
    // An i32 and a u32 have the same bytes: read both as u32.
    const a = new Uint32Array(col.buffer, col.byteOffset, n);
    const n2 = n * 2;
    const n3 = n * 3;
    for (let i = 0; i < n; i++) {
      const v = a[i] as number;
      out[at + i] = v;
      out[at + n + i] = v >>> 8;
      out[at + n2 + i] = v >>> 16;
      out[at + n3 + i] = v >>> 24;
    }
  } else {
    const src = new Uint8Array(col.buffer, col.byteOffset, col.byteLength);
    for (let j = 0; j < w; j++) {
      const plane = at + j * n;
      for (let i = 0; i < n; i++) out[plane + i] = src[i * w + j] as number;
    }
  }
  return at + n * w;
}

/**
 * Encodes a chunk. `prevClose` (ticks by id, NaN: none) is read and updated: the stream of
 * chunks of one file shares it, as the decoder's does.
 */
export function encodeChunk(c: ChunkData, prevClose: Float64Array): Uint8Array {
  if (c.base === 0) prevClose.fill(Number.NaN);
  const n = c.rows;
  const open = new Float64Array(n);
  const high = new Int32Array(n);
  const low = new Int32Array(n);
  const close = new Int32Array(n);
  const avg = new Int32Array(n);
  const minute = new Uint16Array(n);
  const id = new Int32Array(n);
  const tHigh = new Uint16Array(n);
  const tLow = new Uint16Array(n);
  const tClose = new Uint16Array(n);
  let wide = false;
  let intVolume = true;
  let prevMinute = 0;
  let prevId = 0;
  for (let i = 0; i < n; i++) {
    const sid = c.id[i] as number;
    const o = ticks(c.open[i] as number);
    const prev = prevClose[sid] as number;
    const d = Number.isNaN(prev) ? o : o - prev;
    if (d > I32 || d < -I32) wide = true;
    open[i] = d;
    high[i] = ticks(c.high[i] as number) - o;
    low[i] = ticks(c.low[i] as number) - o;
    const cl = ticks(c.close[i] as number);
    close[i] = cl - o;
    avg[i] = ticks(c.avg[i] as number) - o;
    prevClose[sid] = cl;
    const m = c.minute[i] as number;
    minute[i] = (m - prevMinute) & 0xffff;
    prevMinute = m;
    id[i] = (sid - prevId) | 0;
    prevId = sid;
    const t0 = c.tOpen[i] as number;
    tHigh[i] = ((c.tHigh[i] as number) - t0) & 0xffff;
    tLow[i] = ((c.tLow[i] as number) - t0) & 0xffff;
    tClose[i] = ((c.tClose[i] as number) - t0) & 0xffff;
    const v = c.volume[i] as number;
    if (!(Number.isInteger(v) && v >= 0 && v < 4_294_967_296)) intVolume = false;
  }
  const open32 = wide ? null : converted(new Int32Array(n), open);
  const scale: Header['scale'] = [
    open32 ? centScale(open32) : 1,
    centScale(high),
    centScale(low),
    centScale(close),
    centScale(avg),
  ];
  if (open32) divide(open32, scale[0]);
  divide(high, scale[1]);
  divide(low, scale[2]);
  divide(close, scale[3]);
  divide(avg, scale[4]);
  const cols: Typed[] = [
    minute,
    id,
    open32 ?? open,
    high,
    low,
    close,
    avg,
    intVolume ? converted(new Uint32Array(n), c.volume.subarray(0, n)) : c.volume.subarray(0, n),
    c.trades.subarray(0, n),
    c.tOpen.subarray(0, n),
    tHigh,
    tLow,
    tClose,
    c.eKind.subarray(0, c.events),
    c.eId.subarray(0, c.events),
    c.eTs.subarray(0, c.events),
    c.ePrice.subarray(0, c.events),
    c.eReason.subarray(0, c.events),
  ];
  const head: Header = {
    v: CHUNK_VERSION,
    base: c.base,
    symbols: c.symbols,
    reasons: c.reasons,
    rows: n,
    events: c.events,
    wide,
    intVolume,
    scale,
  };
  const header = asciiBytes(JSON.stringify(head));
  let size = 4 + header.length;
  for (const col of cols) size += col.byteLength;
  const out = new Uint8Array(size);
  new DataView(out.buffer).setUint32(0, header.length, true);
  out.set(header, 4);
  let at = 4 + header.length;
  for (const col of cols) at = shuffleInto(col, out, at);
  return out;
}

/** Decodes a chunk; `prevClose` (ticks by id) as encodeChunk's, shared along one file. */
export function decodeChunk(bytes: Uint8Array, prevClose: Float64Array): ChunkData {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const headerLength = view.getUint32(0, true);
  const h = JSON.parse(asciiText(bytes.subarray(4, 4 + headerLength))) as Header;
  if (h.v !== CHUNK_VERSION) throw new FormatError(`chunk version ${h.v}, expected ${CHUNK_VERSION}`);
  if (h.base === 0) prevClose.fill(Number.NaN);
  let at = 4 + headerLength;
  const take = <T extends Typed>(Ctor: { new (n: number): T; BYTES_PER_ELEMENT: number }, n: number): T => {
    const col = new Ctor(n);
    const w = Ctor.BYTES_PER_ELEMENT;
    const dst = new Uint8Array(col.buffer);
    for (let j = 0; j < w; j++) {
      const plane = at + j * n;
      for (let i = 0; i < n; i++) dst[i * w + j] = bytes[plane + i] as number;
    }
    at += n * w;
    return col;
  };
  const n = h.rows;
  const minute = take(Uint16Array, n);
  const id = take(Uint32Array, n);
  const openD = h.wide ? take(Float64Array, n) : take(Int32Array, n);
  const hi = take(Int32Array, n);
  const lo = take(Int32Array, n);
  const cl = take(Int32Array, n);
  const av = take(Int32Array, n);
  const volume = h.intVolume ? converted(new Float64Array(n), take(Uint32Array, n)) : take(Float64Array, n);
  const trades = take(Uint32Array, n);
  const tOpen = take(Uint16Array, n);
  const tHigh = take(Uint16Array, n);
  const tLow = take(Uint16Array, n);
  const tClose = take(Uint16Array, n);
  const e = h.events;
  const eKind = take(Uint8Array, e);
  const eId = take(Uint32Array, e);
  const eTs = take(Float64Array, e);
  const ePrice = take(Float64Array, e);
  const eReason = take(Uint16Array, e);
  const [so, sh, sl, sc, sa] = h.scale;
  const open = new Float64Array(n);
  const high = new Float64Array(n);
  const low = new Float64Array(n);
  const close = new Float64Array(n);
  const avg = new Float64Array(n);
  let m = 0;
  let sid = 0;
  for (let i = 0; i < n; i++) {
    m = (m + (minute[i] as number)) & 0xffff;
    minute[i] = m;
    sid = (sid + (id[i] as number)) >>> 0;
    id[i] = sid;
    const t0 = tOpen[i] as number;
    tHigh[i] = (t0 + (tHigh[i] as number)) & 0xffff;
    tLow[i] = (t0 + (tLow[i] as number)) & 0xffff;
    tClose[i] = (t0 + (tClose[i] as number)) & 0xffff;
    const prev = sid < prevClose.length ? (prevClose[sid] as number) : Number.NaN;
    const d = (openD[i] as number) * so;
    const o = Number.isNaN(prev) ? d : d + prev;
    open[i] = o / TICKS;
    high[i] = (o + (hi[i] as number) * sh) / TICKS;
    low[i] = (o + (lo[i] as number) * sl) / TICKS;
    const c = o + (cl[i] as number) * sc;
    close[i] = c / TICKS;
    avg[i] = (o + (av[i] as number) * sa) / TICKS;
    if (sid < prevClose.length) prevClose[sid] = c;
  }
  return {
    base: h.base,
    symbols: h.symbols,
    reasons: h.reasons,
    rows: n,
    minute,
    id,
    open,
    high,
    low,
    close,
    avg,
    volume,
    trades,
    tOpen,
    tHigh,
    tLow,
    tClose,
    events: e,
    eKind,
    eId,
    eTs,
    ePrice,
    eReason,
  };
}
