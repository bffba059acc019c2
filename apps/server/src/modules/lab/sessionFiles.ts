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
import { type EngineSnapshot, isoDate, readTape, type SessionTape, sealTape } from '@tapeline/market';
import { readSealed, writeSealed } from './sealedFile.ts';

// The recorded sessions on disk (docs/decisions.md "The Alert lab: recorded sessions"):
//
//   DATA_DIR/sessions/<YYYY-MM-DD>/meta.json   format, feed, seeded, complete
//                                  open.bin    the engine's opening state (v8, raw deflate)
//                                  bars.bin    [u32 length][raw-deflated chunk]…, append-only
//                                  sealed.bin  once complete and first read: both, by symbol
//
// Written by the engine thread (and the seeding thread), read by the lab's backtest threads and
// the chart's route. A session of another SESSION_FORMAT is not read: it is listed nowhere, and
// deleted by the next prune or by the recorder starting that date again (no migration: the
// simulator's seeded sessions are seeded again, a live feed's are lost).

/** 2: tape format 2 (byte-shuffled chunks) and sealed.bin. */
export const SESSION_FORMAT = 2;

export interface SessionMeta {
  format?: number;
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

  /** Whether the session is recorded (its opening state written) in the current format. */
  has(date: string): boolean {
    return (
      this.readMeta(date) !== null &&
      (existsSync(this.at(date, 'open.bin')) || existsSync(this.at(date, 'sealed.bin')))
    );
  }

  /** A directory left by another format (or a meta-less one): never read, deleted on sight. */
  private stale(date: string): boolean {
    return existsSync(this.at(date)) && this.readMeta(date) === null;
  }

  writeMeta(meta: SessionMeta): void {
    mkdirSync(this.at(meta.date), { recursive: true });
    writeFileSync(this.at(meta.date, 'meta.json'), JSON.stringify({ ...meta, format: SESSION_FORMAT }));
  }

  /** The session's meta; null when absent or of another format. */
  readMeta(date: string): SessionMeta | null {
    try {
      const meta = JSON.parse(readFileSync(this.at(date, 'meta.json'), 'utf8')) as SessionMeta;
      return meta.format === SESSION_FORMAT ? meta : null;
    } catch {
      return null;
    }
  }

  /**
   * The opening state, and the session's meta when it has none; only the first opening state of a
   * session is kept (a restart must not replace it). A directory of another format goes first.
   */
  begin(meta: SessionMeta, snapshot: () => EngineSnapshot): void {
    const date = meta.date;
    if (this.has(date)) return;
    if (this.stale(date)) rmSync(this.at(date), { recursive: true, force: true });
    if (!this.readMeta(date)) this.writeMeta(meta);
    writeFileSync(this.at(date, 'open.bin'), deflateRawSync(serialize(snapshot()), { level: 1 }));
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

  /** Keeps the newest `keep` sessions; deletes every directory of another format. */
  prune(keep: number): void {
    const old = existsSync(this.dir)
      ? readdirSync(this.dir).filter((d) => DATE.test(d) && this.stale(d))
      : [];
    for (const date of [...this.dates().slice(keep), ...old])
      rmSync(this.at(date), { recursive: true, force: true });
  }

  bytes(date: string): number {
    let total = 0;
    for (const f of ['open.bin', 'bars.bin', 'sealed.bin', 'meta.json']) {
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

  /**
   * One session, decoded: every symbol, or (`symbols` given, once sealed) the blocks holding them
   * — with the other symbols of those blocks. A complete session not yet sealed is sealed here,
   * on the lab's thread. Throws when it is not recorded.
   */
  read(date: string, symbols: readonly string[] | null = null): SessionTape {
    const ymd = Number(date.replaceAll('-', ''));
    const sealed = this.at(date, 'sealed.bin');
    if (existsSync(sealed)) return readSealed(sealed, ymd, symbols);
    let tape: SessionTape;
    try {
      tape = this.readLog(date, ymd);
    } catch (error) {
      // Sealed (and the log deleted) by another thread meanwhile.
      if (existsSync(sealed)) return readSealed(sealed, ymd, symbols);
      throw error;
    }
    if (this.readMeta(date)?.complete) this.seal(date, tape);
    return tape;
  }

  /**
   * Rewrites a complete session by symbol (sealed.bin) and drops its open.bin and bars.bin; a
   * session still being recorded is left as it is.
   */
  seal(date: string, tape?: SessionTape): void {
    if (existsSync(this.at(date, 'sealed.bin')) || !this.readMeta(date)?.complete) return;
    if (!tape) {
      this.read(date); // seals it
      return;
    }
    writeSealed(this.at(date, 'sealed.bin'), sealTape(tape));
    rmSync(this.at(date, 'bars.bin'), { force: true });
    rmSync(this.at(date, 'open.bin'), { force: true });
  }

  /** The live form: open.bin and bars.bin's chunks. */
  private readLog(date: string, ymd: number): SessionTape {
    const open = deserialize(inflateRawSync(readFileSync(this.at(date, 'open.bin')))) as EngineSnapshot;
    const chunks: Uint8Array[] = [];
    let bars: Buffer;
    try {
      bars = readFileSync(this.at(date, 'bars.bin'));
    } catch (error) {
      // Gone because another thread sealed the session since open.bin was read: read that.
      if (existsSync(this.at(date, 'sealed.bin'))) throw error;
      bars = Buffer.alloc(0);
    }
    // A torn last record (a crash mid-append) ends the file early.
    for (let at = 0; at + 4 <= bars.length; ) {
      const n = bars.readUInt32LE(at);
      if (at + 4 + n > bars.length) break;
      chunks.push(inflateRawSync(bars.subarray(at + 4, at + 4 + n)));
      at += 4 + n;
    }
    return readTape(ymd, open, chunks);
  }
}

export { isoDate };
