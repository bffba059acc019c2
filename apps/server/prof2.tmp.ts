import { readFileSync } from 'node:fs';
import { inflateRawSync } from 'node:zlib';
import { decodeChunk } from '@tapeline/market';
const dir = process.argv[2]!;
const bars = readFileSync(dir + '/2026-11-24/bars.bin');
let t = performance.now();
const chunks: Uint8Array[] = [];
for (let at = 0; at + 4 <= bars.length; ) { const n = bars.readUInt32LE(at); chunks.push(inflateRawSync(bars.subarray(at + 4, at + 4 + n))); at += 4 + n; }
console.log('inflate', chunks.length, Math.round(performance.now() - t));
t = performance.now();
const prev = new Float64Array(4096).fill(NaN);
let rows = 0;
for (const c of chunks) rows += decodeChunk(c, prev).rows;
console.log('decode', rows, Math.round(performance.now() - t));
