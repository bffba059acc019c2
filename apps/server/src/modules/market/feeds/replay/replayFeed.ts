import { createReadStream } from 'node:fs';
import { access } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { type Clock, systemClock, type Timer } from '../../../../platform/clock.ts';
import { type Log, silentLog } from '../../../../platform/log.ts';
import { firstEventTime } from '../../engine/replayStart.ts';
import { emptyStats, type FeedSink, type FeedStats, type MarketFeed } from '../feed.ts';
import { FeedConfigError } from '../feedConfigError.ts';
import { loadSymbols } from '../symbols.ts';
import { decodeLine, STATUS, TRADE } from './ndjson.ts';
import { historyFileOf, readReplayHistory } from './replayHistory.ts';

// MARKET_FEED=replay:<file>: streams an NDJSON tape line by line (never the whole file in
// memory). At speed 1 events keep their recorded spacing; at `max` (Infinity) they go as fast as
// the sink takes them, yielding to the event loop now and then. The sink's clock follows the
// file's timestamps. Malformed lines are counted and skipped.

export interface ReplayFeedOptions {
  file: string;
  symbolsFile: string | null;
  /** 1 = recorded pace, 10 = ten times faster, Infinity = as fast as possible. */
  speed: number;
  logger?: Log;
  /** Paces the replay (default the system clock). */
  clock?: Clock;
}

const YIELD_EVERY = 4096;

export class ReplayFeed implements MarketFeed {
  readonly name: string;
  private readonly counters: FeedStats = emptyStats();
  private stopped = false;
  private wake: (() => void) | null = null;
  private timer: Timer | null = null;
  private closeInput: (() => void) | null = null;
  /** Settles when the whole file has been replayed (or the feed stopped). */
  finished: Promise<void> = Promise.resolve();

  constructor(private readonly options: ReplayFeedOptions) {
    this.name = `replay:${options.file}`;
  }

  async start(sink: FeedSink): Promise<void> {
    const { file, symbolsFile } = this.options;
    const logger = this.options.logger ?? silentLog;
    try {
      await access(file);
    } catch {
      throw new FeedConfigError('MARKET_FEED', `names a replay file that cannot be read: ${file}`);
    }
    if (symbolsFile) sink.reference(await loadSymbols(symbolsFile));
    else {
      logger.warn(
        'replay without MARKET_SYMBOLS: no reference data (names, sectors, prevClose) for the tape',
      );
      sink.reference([]);
    }
    await this.seedHistory(sink, logger);
    this.finished = this.pump(sink).catch((error: Error) => logger.error(`replay stopped: ${error.message}`));
  }

  /** The tape's history file, when there is one, before the first event (replayHistory.ts). */
  private async seedHistory(sink: FeedSink, logger: Log): Promise<void> {
    const historyFile = historyFileOf(this.options.file);
    const now = await firstEventTime(this.options.file);
    if (now === null) return;
    const read = await readReplayHistory(historyFile, now);
    if (!read) return;
    sink.history?.(read.history.source);
    const skipped = read.malformed > 0 ? `, ${read.malformed} malformed lines skipped` : '';
    logger.info(`replay history: ${read.symbols} symbols from ${historyFile}${skipped}`);
  }

  private async pump(sink: FeedSink): Promise<void> {
    const input = createReadStream(this.options.file, { encoding: 'utf8' });
    const lines = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
    this.closeInput = () => {
      lines.close();
      input.destroy();
    };
    const { speed } = this.options;
    const clock = this.options.clock ?? systemClock;
    const wallNow = () => clock.now();
    const counters = this.counters;
    let firstTs = Number.NaN;
    let wallStart = 0;
    let latest = Number.NEGATIVE_INFINITY;
    const onEvent = (ts: number) => {
      if (ts > latest) {
        latest = ts;
        sink.clock?.(ts);
      }
    };
    let n = 0;
    try {
      for await (const line of lines) {
        if (this.stopped) break;
        if (line.length === 0) continue;
        if (Number.isFinite(speed)) {
          const ts = peekTs(line);
          if (!Number.isNaN(ts)) {
            if (Number.isNaN(firstTs)) {
              firstTs = ts;
              wallStart = wallNow();
            }
            const wait = wallStart + (ts - firstTs) / speed - wallNow();
            if (wait > 1) await this.sleep(clock, wait);
            if (this.stopped) break;
          }
        } else if (++n % YIELD_EVERY === 0) {
          await new Promise<void>((resolve) => clock.defer(resolve));
          if (this.stopped) break;
        }
        const kind = decodeLine(line, sink, onEvent);
        if (kind === TRADE) counters.trades++;
        else if (kind === STATUS) counters.statuses++;
        else counters.malformed++;
      }
    } finally {
      this.closeInput?.();
    }
  }

  private sleep(clock: Clock, ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      this.wake = resolve;
      this.timer = clock.setTimeout(resolve, ms);
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.timer?.cancel();
    this.wake?.();
    this.closeInput?.();
    await this.finished;
  }

  stats(): FeedStats {
    return { ...this.counters };
  }
}

/** The "ts" of a line without a full parse, for pacing; NaN when absent. */
function peekTs(line: string): number {
  const at = line.lastIndexOf('"ts":');
  if (at < 0) return Number.NaN;
  return Number.parseFloat(line.slice(at + 5));
}
