import { writeFileSync } from 'node:fs';
import path from 'node:path';

export interface Tape {
  events: string;
  symbols: string;
}

/** A four-letter ticker after `prefix`, distinct for i < 26⁴. */
export function ticker(i: number, prefix = 'Q'): string {
  let s = '';
  let n = i;
  for (let k = 0; k < 4; k++) {
    s = String.fromCharCode(65 + (n % 26)) + s;
    n = Math.floor(n / 26);
  }
  return `${prefix}${s}`;
}

/**
 * A replay tape where every print is a new high or a new low: `symbols` names, each printing
 * once per second (half climbing, half falling), so the streams receive `symbols` events/s.
 */
export function writeTape(dir: string, symbols: number, seconds: number, startMs: number): Tape {
  const refs = Array.from({ length: symbols }, (_, i) => ({
    sym: ticker(i),
    name: `${ticker(i)} Holdings`,
    sector: 9,
    float: 20_000_000,
    shortRatio: 1,
    optionable: i % 3 === 0,
    prevClose: 10,
    avgVolume: 1_000_000,
    exchange: 'NASDAQ',
  }));
  const lines: string[] = [];
  for (let t = 0; t <= seconds; t++) {
    for (let i = 0; i < symbols; i++) {
      const up = i % 2 === 0;
      const price = Math.round((up ? 10 + t * 0.01 : 10 - t * 0.005) * 10_000) / 10_000;
      const ts = startMs + t * 1000 + Math.floor((i * 1000) / symbols);
      lines.push(`{"type":"trade","sym":"${refs[i]?.sym}","price":${price},"size":100,"ts":${ts}}`);
    }
  }
  return saveTape(dir, lines, refs);
}

/** Writes a replay tape (NDJSON lines) and its reference data beside it. */
export function saveTape(dir: string, lines: readonly string[], refs: readonly object[]): Tape {
  const events = path.join(dir, 'tape.ndjson');
  const symbolsFile = path.join(dir, 'symbols.json');
  writeFileSync(events, `${lines.join('\n')}\n`);
  writeFileSync(symbolsFile, JSON.stringify(refs));
  return { events, symbols: symbolsFile };
}
