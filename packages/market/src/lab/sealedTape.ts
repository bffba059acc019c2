import type { EngineSnapshot } from '../snapshot/snapshot.ts';
import type { Column } from '../state/columns.ts';
import type { SessionTape } from './sessionTape.ts';
import { type ChunkData, encodeChunk } from './tapeFormat.ts';

// A complete session resealed by symbol (docs/decisions.md "The Alert lab"): the symbols cut into
// blocks of SEAL_BLOCK, each block its symbols' slice of the opening state and one chunk of their
// bars (a symbol's minutes side by side, which also compresses better than the minute-by-minute
// chunks of the live file). A rule on one symbol then reads and restores one block; the whole
// market reads every block and joins them back into the session's tape and opening state.
//
// Block order: the opening state's symbols first, in its order (so joining the blocks' slices
// gives back the opening state exactly), then the symbols that first printed during the session.

export const SEAL_BLOCK = 32;

export interface SealedBlock {
  readonly open: EngineSnapshot;
  /** An encoded chunk (base 0) of the block's symbols' bars and events. */
  readonly chunk: Uint8Array;
}

export interface SealedTape {
  /** Every symbol, in block order: block k holds symbols [k × SEAL_BLOCK, (k + 1) × SEAL_BLOCK). */
  readonly symbols: string[];
  readonly blocks: SealedBlock[];
}

/** Symbols [from, to) of a snapshot (its per-symbol columns sliced, the rest shared). */
export function snapshotRange(snap: EngineSnapshot, from: number, to: number): EngineSnapshot {
  const n = snap.symbols.length;
  const columns: Record<string, Column> = {};
  for (const [k, col] of Object.entries(snap.columns)) {
    const stride = n === 0 ? 0 : col.length / n;
    columns[k] = col.slice(from * stride, to * stride);
  }
  return { ...snap, symbols: snap.symbols.slice(from, to), names: snap.names.slice(from, to), columns };
}

/** The inverse of cutting a snapshot into consecutive ranges: one snapshot of them all, in order. */
export function joinSnapshots(parts: readonly EngineSnapshot[]): EngineSnapshot {
  const first = parts[0];
  if (!first) throw new Error('no snapshot to join');
  if (parts.length === 1) return first;
  const columns: Record<string, Column> = {};
  for (const [k, col] of Object.entries(first.columns)) {
    let total = 0;
    for (const p of parts) total += (p.columns[k] as Column).length;
    const out = new (col.constructor as new (n: number) => Column)(total);
    let at = 0;
    for (const p of parts) {
      const c = p.columns[k] as Column;
      out.set(c as never, at);
      at += c.length;
    }
    columns[k] = out;
  }
  return {
    ...first,
    symbols: parts.flatMap((p) => p.symbols),
    names: parts.flatMap((p) => p.names),
    columns,
  };
}

/** Cuts a decoded session into per-symbol blocks. */
export function sealTape(tape: SessionTape, blockSize = SEAL_BLOCK): SealedTape {
  const open = tape.open;
  const symbols = open.symbols.slice();
  const index = new Map<string, number>();
  for (const [i, s] of symbols.entries()) index.set(s, i);
  const toBlockOrder = Int32Array.from(tape.symbols, (s) => {
    let k = index.get(s);
    if (k === undefined) {
      k = symbols.length;
      symbols.push(s);
      index.set(s, k);
    }
    return k;
  });
  const rows = orderBySymbol(tape.rows, symbols.length, (i) => toBlockOrder[tape.sym[i] as number] as number);
  const events = orderBySymbol(
    tape.events,
    symbols.length,
    (i) => toBlockOrder[tape.eSym[i] as number] as number,
  );
  const blocks: SealedBlock[] = [];
  for (let from = 0; from < symbols.length || from === 0; from += blockSize) {
    const to = Math.min(symbols.length, from + blockSize);
    const openTo = Math.min(open.symbols.length, to);
    blocks.push({
      open: snapshotRange(open, Math.min(from, openTo), openTo),
      chunk: blockChunk(tape, symbols.slice(from, to), from, rows, events, toBlockOrder),
    });
    if (to === symbols.length) break;
  }
  return { symbols, blocks };
}

/** Item indices sorted by block-order symbol (stable: minute order kept), and where each starts. */
function orderBySymbol(n: number, symbols: number, key: (i: number) => number) {
  const start = new Uint32Array(symbols + 1);
  for (let i = 0; i < n; i++) start[key(i) + 1] = (start[key(i) + 1] as number) + 1;
  for (let k = 1; k <= symbols; k++) start[k] = (start[k] as number) + (start[k - 1] as number);
  const at = start.slice();
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    const k = key(i);
    order[at[k] as number] = i;
    at[k] = (at[k] as number) + 1;
  }
  return { order, start };
}

function blockChunk(
  t: SessionTape,
  names: string[],
  from: number,
  rows: ReturnType<typeof orderBySymbol>,
  events: ReturnType<typeof orderBySymbol>,
  toBlockOrder: Int32Array,
): Uint8Array {
  const to = from + names.length;
  const r0 = rows.start[from] as number;
  const n = (rows.start[to] as number) - r0;
  const e0 = events.start[from] as number;
  const e = (events.start[to] as number) - e0;
  const pick = <T extends Float64Array | Uint32Array | Uint16Array | Uint8Array>(
    col: T,
    o: Uint32Array,
    at: number,
    count: number,
  ): T => {
    const out = new (col.constructor as new (n: number) => T)(count);
    for (let i = 0; i < count; i++) out[i] = col[o[at + i] as number] as number;
    return out;
  };
  const id = new Uint32Array(n);
  for (let i = 0; i < n; i++)
    id[i] = (toBlockOrder[t.sym[rows.order[r0 + i] as number] as number] as number) - from;
  const eId = new Uint32Array(e);
  const reasons: string[] = [];
  const eReason = new Uint16Array(e);
  for (let i = 0; i < e; i++) {
    const src = events.order[e0 + i] as number;
    eId[i] = (toBlockOrder[t.eSym[src] as number] as number) - from;
    const reason = t.eReason[src] ?? '';
    let r = reasons.indexOf(reason);
    if (r < 0) r = reasons.push(reason) - 1;
    eReason[i] = r;
  }
  const o = rows.order;
  const chunk: ChunkData = {
    base: 0,
    symbols: names,
    reasons,
    rows: n,
    minute: pick(t.minute, o, r0, n),
    id,
    open: pick(t.open_, o, r0, n),
    high: pick(t.high, o, r0, n),
    low: pick(t.low, o, r0, n),
    close: pick(t.close, o, r0, n),
    avg: pick(t.avg, o, r0, n),
    volume: pick(t.volume, o, r0, n),
    trades: pick(t.trades, o, r0, n),
    tOpen: pick(t.tOpen, o, r0, n),
    tHigh: pick(t.tHigh, o, r0, n),
    tLow: pick(t.tLow, o, r0, n),
    tClose: pick(t.tClose, o, r0, n),
    events: e,
    eKind: pick(t.eKind, events.order, e0, e),
    eId,
    eTs: pick(t.eTs, events.order, e0, e),
    ePrice: pick(t.ePrice, events.order, e0, e),
    eReason,
  };
  return encodeChunk(chunk, new Float64Array(names.length).fill(Number.NaN));
}
