import {
  appendFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { RecordedSession } from '@tapeline/core';
import { type EngineSnapshot, isoDate, readTape, type SessionTape } from '@tapeline/market';

// The recorded sessions on disk (docs/decisions.md "Session recorder: files, not Postgres"):
//
//   DATA_DIR/sessions/<YYYY-MM-DD>/meta.json   feed, seeded, complete
//                                  open.bin    the engine's opening state (v8, raw deflate)
//                                  bars.bin    [u32 length][raw-deflated chunk]…, append-only
//
// Written by the engine thread (and the seeding thread), read by the lab's backtest threads and
// the chart's route.

export interface SessionMeta {
  date: string;
  feed: string;
  seeded: boolean;
  complete: boolean;
}

export const sessionsDir = (dataDir: string) => path.join(dataDir, 'sessions');
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export class SessionFiles {
  constructor(readonly dir: string) {}

  private at(date: string, file = ''): string {
    return path.join(this.dir, date, file);
  }

  has(date: string, file: 'open.bin' | 'meta.json' = 'open.bin'): boolean {
    return existsSync(this.at(date, file));
  }

  writeMeta(meta: SessionMeta): void {
    mkdirSync(this.at(meta.date), { recursive: true });
    writeFileSync(this.at(meta.date, 'meta.json'), JSON.stringify(meta));
  }

  readMeta(date: string): SessionMeta | null {
    try {
      return JSON.parse(readFileSync(this.at(date, 'meta.json'), 'utf8')) as SessionMeta;
    } catch {
      return null;
    }
  }

  /** The opening state; only the first one of a session is kept (a restart must not replace it). */
  writeOpen(date: string, snapshot: EngineSnapshot): void {
    if (this.has(date)) return;
    mkdirSync(this.at(date), { recursive: true });
    writeFileSync(this.at(date, 'open.bin'), deflateRawSync(serialize(snapshot), { level: 1 }));
  }

  /** Appends one chunk, compressed, with its length in front. */
  append(date: string, chunk: Uint8Array): void {
    const packed = deflateRawSync(chunk, { level: 6 });
    const head = Buffer.alloc(4);
    head.writeUInt32LE(packed.length, 0);
    mkdirSync(this.at(date), { recursive: true });
    appendFileSync(this.at(date, 'bars.bin'), Buffer.concat([head, packed]));
  }

  /** Recorded dates, newest first. */
  dates(): string[] {
    if (!existsSync(this.dir)) return [];
    return readdirSync(this.dir)
      .filter((d) => DATE.test(d) && this.has(d))
      .sort()
      .reverse();
  }

  /** Keeps the newest `keep` sessions. */
  prune(keep: number): void {
    for (const date of this.dates().slice(keep)) rmSync(this.at(date), { recursive: true, force: true });
  }

  bytes(date: string): number {
    let total = 0;
    for (const f of ['open.bin', 'bars.bin', 'meta.json']) {
      try {
        total += statSync(this.at(date, f)).size;
      } catch {
        // Not written yet.
      }
    }
    return total;
  }

  /** The sessions as GET /api/market/sessions lists them; the newest is complete only when marked so. */
  list(): RecordedSession[] {
    return this.dates().map((date) => {
      const meta = this.readMeta(date);
      return {
        date,
        feed: meta?.feed ?? 'unknown',
        seeded: meta?.seeded ?? false,
        symbols: 0,
        complete: meta?.complete ?? false,
        bytes: this.bytes(date),
      };
    });
  }

  /** One session, decoded. Throws when it is not recorded. */
  read(date: string): SessionTape {
    const open = deserialize(inflateRawSync(readFileSync(this.at(date, 'open.bin')))) as EngineSnapshot;
    const chunks: Uint8Array[] = [];
    let bars: Buffer;
    try {
      bars = readFileSync(this.at(date, 'bars.bin'));
    } catch {
      bars = Buffer.alloc(0);
    }
    // A torn last record (a crash mid-append) ends the file early.
    for (let at = 0; at + 4 <= bars.length; ) {
      const n = bars.readUInt32LE(at);
      if (at + 4 + n > bars.length) break;
      chunks.push(inflateRawSync(bars.subarray(at + 4, at + 4 + n)));
      at += 4 + n;
    }
    return readTape(Number(date.replaceAll('-', '')), open, chunks);
  }
}

export { isoDate };
