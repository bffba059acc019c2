// The session recorder's chunk format (docs/alerts.md "Alert lab", docs/decisions.md "Session
// recorder"). One chunk per flush, appended to the session's bars file after compression by the
// host. Columnar: each column is one typed array, so equal and slowly varying values sit side by
// side and compress well; prices are integer ticks of 1/10,000 — the open as a delta from the
// symbol's previous close in this file, high, low, close and the minute's average price as deltas
// from the open — so a quiet symbol's minute costs a few bytes.
//
//   [u32 header length][header JSON][columns, each 8-byte aligned, in COLUMNS order]
//
// A chunk with `base` 0 restarts the symbol list (a recorder that started, or restarted, mid-
// session: its engine's ids may differ) and forgets the previous closes.

export const TICKS = 10_000;

/** Bar columns, in file order: name, element type. */
const COLUMNS = [
  ['minute', Uint16Array],
  ['id', Uint32Array],
  ['open', Float64Array],
  ['high', Int32Array],
  ['low', Int32Array],
  ['close', Int32Array],
  ['avg', Int32Array],
  ['volume', Float64Array],
  ['trades', Uint32Array],
  ['tOpen', Uint16Array],
  ['tHigh', Uint16Array],
  ['tLow', Uint16Array],
  ['tClose', Uint16Array],
] as const;
const EVENT_COLUMNS = [
  ['eKind', Uint8Array],
  ['eId', Uint32Array],
  ['eTs', Float64Array],
  ['ePrice', Float64Array],
  ['eReason', Uint16Array],
] as const;

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

type TypedCtor = { new (b: ArrayBuffer): ArrayBufferView; BYTES_PER_ELEMENT: number };

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
  for (let i = 0; i < n; i++) {
    const id = c.id[i] as number;
    const o = ticks(c.open[i] as number);
    const prev = prevClose[id] as number;
    open[i] = Number.isNaN(prev) ? o : o - prev;
    high[i] = ticks(c.high[i] as number) - o;
    low[i] = ticks(c.low[i] as number) - o;
    const cl = ticks(c.close[i] as number);
    close[i] = cl - o;
    avg[i] = ticks(c.avg[i] as number) - o;
    prevClose[id] = cl;
  }
  const cols: ArrayBufferView[] = [
    c.minute.subarray(0, n),
    c.id.subarray(0, n),
    open,
    high,
    low,
    close,
    avg,
    c.volume.subarray(0, n),
    c.trades.subarray(0, n),
    c.tOpen.subarray(0, n),
    c.tHigh.subarray(0, n),
    c.tLow.subarray(0, n),
    c.tClose.subarray(0, n),
    c.eKind.subarray(0, c.events),
    c.eId.subarray(0, c.events),
    c.eTs.subarray(0, c.events),
    c.ePrice.subarray(0, c.events),
    c.eReason.subarray(0, c.events),
  ];
  const header = asciiBytes(
    JSON.stringify({ v: 1, base: c.base, symbols: c.symbols, reasons: c.reasons, rows: n, events: c.events }),
  );
  const align = (x: number) => (x + 7) & ~7;
  let size = align(4 + header.length);
  for (const col of cols) size += align(col.byteLength);
  const out = new Uint8Array(size);
  new DataView(out.buffer).setUint32(0, header.length, true);
  out.set(header, 4);
  let at = align(4 + header.length);
  for (const col of cols) {
    out.set(new Uint8Array(col.buffer, col.byteOffset, col.byteLength), at);
    at += align(col.byteLength);
  }
  return out;
}

/** Decodes a chunk; `prevClose` (ticks by id) as encodeChunk's, shared along one file. */
export function decodeChunk(bytes: Uint8Array, prevClose: Float64Array): ChunkData {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const headerLength = view.getUint32(0, true);
  const header = JSON.parse(asciiText(bytes.subarray(4, 4 + headerLength))) as {
    base: number;
    symbols: string[];
    reasons: string[];
    rows: number;
    events: number;
  };
  if (header.base === 0) prevClose.fill(Number.NaN);
  const align = (x: number) => (x + 7) & ~7;
  let at = align(4 + headerLength);
  const read = (Ctor: TypedCtor, n: number): ArrayBufferView => {
    const bytesLen = n * Ctor.BYTES_PER_ELEMENT;
    // Copied out: the chunk may be a view into a larger buffer (a Node Buffer's slice is one too),
    // not aligned for every type.
    const copy = new Uint8Array(bytesLen);
    copy.set(bytes.subarray(at, at + bytesLen));
    at += align(bytesLen);
    return new Ctor(copy.buffer);
  };
  const n = header.rows;
  const cols: Record<string, ArrayBufferView> = {};
  for (const [name, Ctor] of COLUMNS) cols[name] = read(Ctor, n);
  for (const [name, Ctor] of EVENT_COLUMNS) cols[name] = read(Ctor, header.events);
  const id = cols.id as Uint32Array;
  const openD = cols.open as Float64Array;
  const hi = cols.high as Int32Array;
  const lo = cols.low as Int32Array;
  const cl = cols.close as Int32Array;
  const av = cols.avg as Int32Array;
  const open = new Float64Array(n);
  const high = new Float64Array(n);
  const low = new Float64Array(n);
  const close = new Float64Array(n);
  const avg = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const sid = id[i] as number;
    const prev = sid < prevClose.length ? (prevClose[sid] as number) : Number.NaN;
    const o = Number.isNaN(prev) ? (openD[i] as number) : (openD[i] as number) + prev;
    open[i] = o / TICKS;
    high[i] = (o + (hi[i] as number)) / TICKS;
    low[i] = (o + (lo[i] as number)) / TICKS;
    close[i] = (o + (cl[i] as number)) / TICKS;
    avg[i] = (o + (av[i] as number)) / TICKS;
    if (sid < prevClose.length) prevClose[sid] = o + (cl[i] as number);
  }
  return {
    base: header.base,
    symbols: header.symbols,
    reasons: header.reasons,
    rows: n,
    minute: cols.minute as Uint16Array,
    id,
    open,
    high,
    low,
    close,
    avg,
    volume: cols.volume as Float64Array,
    trades: cols.trades as Uint32Array,
    tOpen: cols.tOpen as Uint16Array,
    tHigh: cols.tHigh as Uint16Array,
    tLow: cols.tLow as Uint16Array,
    tClose: cols.tClose as Uint16Array,
    events: header.events,
    eKind: cols.eKind as Uint8Array,
    eId: cols.eId as Uint32Array,
    eTs: cols.eTs as Float64Array,
    ePrice: cols.ePrice as Float64Array,
    eReason: cols.eReason as Uint16Array,
  };
}
