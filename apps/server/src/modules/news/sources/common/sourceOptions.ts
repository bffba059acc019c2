import { type Clock, systemClock } from '../../../../platform/clock.ts';
import { type Log, silentLog } from '../../../../platform/log.ts';
import { POLL_TIMEOUT_MS } from '../../ingest/pollLoop.ts';
import type { ListedSymbols, NewsSink } from '../newsSource.ts';

// What every news source is built with besides its URLs and keys. Everything that depends on time
// is injected, so tests run on loopback fakes and a manual clock without waiting.

export interface NewsSourceCommonOptions {
  /** The engine's reference data: tagging keeps listed symbols only. */
  listed: ListedSymbols;
  /** NEWS_POLL_SECONDS × 1000 (default 60 s). */
  pollMs?: number;
  /** Clock and clock (default the system's): tests move a manual clock instead of waiting. */
  clock?: Clock;
  /** Backoff jitter in [0, 1) (default Math.random). */
  random?: () => number;
  logger?: Log;
  /** A poll's deadline, all its requests included (default 15 s). */
  timeoutMs?: number;
}

export const DEFAULT_POLL_MS = 60_000;

export interface ResolvedCommon {
  listed: ListedSymbols;
  pollMs: number;
  clock: Clock;
  random: (() => number) | undefined;
  logger: Log;
  timeoutMs: number;
}

export function resolveCommon(o: NewsSourceCommonOptions): ResolvedCommon {
  return {
    listed: o.listed,
    pollMs: o.pollMs ?? DEFAULT_POLL_MS,
    clock: o.clock ?? systemClock,
    random: o.random,
    logger: o.logger ?? silentLog,
    timeoutMs: o.timeoutMs ?? POLL_TIMEOUT_MS,
  };
}

/** The listed set, or null while no engine answers (or the question fails). */
export async function listedOrNull(listed: ListedSymbols): Promise<ReadonlySet<string> | null> {
  try {
    return await listed.listed();
  } catch {
    return null;
  }
}

/** A sink that goes quiet once the source stops, so no draft leaves after stop() resolves. */
export class GatedSink {
  private sink: NewsSink | null = null;
  open(sink: NewsSink): void {
    this.sink = sink;
  }
  close(): void {
    this.sink = null;
  }
  get isOpen(): boolean {
    return this.sink !== null;
  }
  deliver(drafts: readonly import('@tapeline/core').NewsDraft[]): number {
    if (!this.sink || drafts.length === 0) return 0;
    this.sink.articles(drafts);
    return drafts.length;
  }
}
