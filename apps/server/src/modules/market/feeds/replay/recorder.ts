import { createWriteStream, type WriteStream } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import type { ReferenceData } from '@tapeline/market';
import { type Clock, systemClock } from '../../../../platform/clock.ts';
import type { Log } from '../../../../platform/log.ts';
import type { FeedSink, FeedStats, MarketFeed } from '../feed.ts';
import { statusLine, tradeLine } from './ndjson.ts';

// MARKET_RECORD=<file>: wraps any feed's sink and appends every event to the file in the replay
// format, so a session can be replayed later. Lines are gathered and written in chunks (at 64 KB
// or every 200 ms) rather than one write per event. Reference data goes beside it, in
// <file>.symbols.json, ready for MARKET_SYMBOLS.

const FLUSH_BYTES = 64 * 1024;

export interface RecordingSink extends FeedSink {
  /** Writes what is buffered and closes the file. */
  close(): Promise<void>;
}

export function recordingSink(
  inner: FeedSink,
  file: string,
  logger?: Log,
  clock: Pick<Clock, 'setInterval'> = systemClock,
): RecordingSink {
  const out: WriteStream = createWriteStream(file, { flags: 'a' });
  out.on('error', (error) => logger?.error(`MARKET_RECORD: cannot write ${file}: ${error.message}`));
  let buffer = '';
  const flush = () => {
    if (buffer.length === 0) return;
    out.write(buffer);
    buffer = '';
  };
  const timer = clock.setInterval(flush, 200);
  const append = (line: string) => {
    buffer += line;
    if (buffer.length >= FLUSH_BYTES) flush();
  };
  return {
    trade(sym, price, size, ts, conditions = 0) {
      append(tradeLine(sym, price, size, ts, conditions));
      inner.trade(sym, price, size, ts, conditions);
    },
    status(sym, halted, reason, ts) {
      append(statusLine(sym, halted, reason, ts));
      inner.status(sym, halted, reason, ts);
    },
    reference(data: readonly ReferenceData[]) {
      writeFile(`${file}.symbols.json`, JSON.stringify(data)).catch((error: Error) =>
        logger?.error(`MARKET_RECORD: cannot write ${file}.symbols.json: ${error.message}`),
      );
      inner.reference(data);
    },
    // The tape holds events only: a replay of it starts without this history.
    history(source) {
      inner.history?.(source);
    },
    clock(ts) {
      inner.clock?.(ts);
    },
    close() {
      timer.cancel();
      flush();
      return new Promise<void>((resolve) => out.end(resolve));
    },
  };
}

/** A feed whose events are also recorded to `file`. */
export function withRecorder(feed: MarketFeed, file: string, logger?: Log): MarketFeed {
  let sink: RecordingSink | null = null;
  return {
    name: feed.name,
    start(target: FeedSink) {
      sink = recordingSink(target, file, logger);
      return feed.start(sink);
    },
    async stop() {
      await feed.stop();
      await sink?.close();
      sink = null;
    },
    stats: (): FeedStats => feed.stats(),
  };
}
