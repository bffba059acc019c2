import { closeSync, openSync, readSync, renameSync, writeFileSync } from 'node:fs';
import { deserialize, serialize } from 'node:v8';
import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';
import {
  type EngineSnapshot,
  joinSnapshots,
  readTape,
  SEAL_BLOCK,
  type SealedTape,
  type SessionTape,
} from '@tapeline/market';

// A sealed session on disk (docs/decisions.md "The Alert lab"): `sealed.bin`, written once when a
// complete session is first read by the lab (or seeded), replacing open.bin and bars.bin.
//
//   [u32 header length][header JSON: symbols in block order, each block's byte ranges][blocks…]
//
// Each block is its opening-state slice (v8) and its bars chunk, each brotli-compressed: written
// once off the engine thread, read many times, so the smaller and slower codec pays.

interface SealedHeader {
  block: number;
  symbols: string[];
  /** Per block: [open offset, open length, bars offset, bars length], from the end of the header. */
  blocks: [number, number, number, number][];
}

const pack = (b: Uint8Array) =>
  brotliCompressSync(b, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: b.length },
  });

/** Writes the sealed file beside its final name and renames it: a reader never sees half of it. */
export function writeSealed(file: string, sealed: SealedTape): void {
  const parts: Uint8Array[] = [];
  const blocks: SealedHeader['blocks'] = [];
  let at = 0;
  for (const b of sealed.blocks) {
    const open = pack(serialize(b.open));
    const bars = pack(b.chunk);
    blocks.push([at, open.length, at + open.length, bars.length]);
    at += open.length + bars.length;
    parts.push(open, bars);
  }
  const header = Buffer.from(JSON.stringify({ block: SEAL_BLOCK, symbols: sealed.symbols, blocks }));
  const head = Buffer.alloc(4);
  head.writeUInt32LE(header.length, 0);
  const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  writeFileSync(tmp, Buffer.concat([head, header, ...parts]));
  renameSync(tmp, file);
}

/**
 * A sealed session's tape: every symbol (`symbols` null), or only the blocks holding `symbols`
 * (the first block when none is recorded: a tape with no rows of theirs).
 */
export function readSealed(file: string, date: number, symbols: readonly string[] | null): SessionTape {
  const fd = openSync(file, 'r');
  try {
    const read = (at: number, n: number) => {
      const b = Buffer.alloc(n);
      let got = 0;
      while (got < n) {
        const k = readSync(fd, b, got, n - got, at + got);
        if (k === 0) throw new Error(`${file}: truncated`);
        got += k;
      }
      return b;
    };
    const headerLength = read(0, 4).readUInt32LE(0);
    const h = JSON.parse(read(4, headerLength).toString('utf8')) as SealedHeader;
    const base = 4 + headerLength;
    let wanted: number[];
    if (symbols === null) wanted = h.blocks.map((_, k) => k);
    else {
      const set = new Set<number>();
      for (const s of symbols) {
        const i = h.symbols.indexOf(s);
        if (i >= 0) set.add(Math.floor(i / h.block));
      }
      wanted = set.size > 0 ? [...set].sort((a, b) => a - b) : [0];
    }
    const opens: EngineSnapshot[] = [];
    const chunks: Uint8Array[] = [];
    for (const k of wanted) {
      const [oAt, oLen, bAt, bLen] = h.blocks[k] as SealedHeader['blocks'][number];
      opens.push(deserialize(brotliDecompressSync(read(base + oAt, oLen))) as EngineSnapshot);
      chunks.push(brotliDecompressSync(read(base + bAt, bLen)));
    }
    // Blocks that are not neighbours join into a state whose symbols are simply both blocks'.
    return readTape(date, joinSnapshots(opens), chunks);
  } finally {
    closeSync(fd);
  }
}
