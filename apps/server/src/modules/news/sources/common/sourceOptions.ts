import type { BackoffOptions } from '../../../market/feeds/backoff.ts';
import { type FeedLogger, silentLogger } from '../../../market/feeds/feed.ts';
import type { ListedSymbols, NewsSink } from '../newsSource.ts';

// What every news source is built with besides its URLs and keys. Everything that depends on time
// or the network's patience is injected, so tests run on loopback fakes without waiting.

export interface NewsSourceCommonOptions {
  /** The engine's reference data: tagging keeps listed symbols only. */
  listed: ListedSymbols;
  /** NEWS_POLL_SECONDS × 1000 (default 60 s). */
  pollMs?: number;
  /** Epoch ms (default Date.now): dates ahead of it, or unparseable, become it. */
  now?: () => number;
  logger?: FeedLogger;
  /** Each request's whole exchange (default 15 s). */
  timeoutMs?: number;
  /** Poll failures: default 5 s doubling to 10 min, jittered. */
  backoff?: BackoffOptions;
  /** Wait after refused credentials (default 10 min). */
  credentialsRetryMs?: number;
}

export const DEFAULT_POLL_MS = 60_000;

export interface ResolvedCommon {
  listed: ListedSymbols;
  pollMs: number;
  now: () => number;
  logger: FeedLogger;
  timeoutMs: number;
  backoff: BackoffOptions | undefined;
  credentialsRetryMs: number | undefined;
}

export function resolveCommon(o: NewsSourceCommonOptions): ResolvedCommon {
  return {
    listed: o.listed,
    pollMs: o.pollMs ?? DEFAULT_POLL_MS,
    now: o.now ?? Date.now,
    logger: o.logger ?? silentLogger,
    timeoutMs: o.timeoutMs ?? 15_000,
    backoff: o.backoff,
    credentialsRetryMs: o.credentialsRetryMs,
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
