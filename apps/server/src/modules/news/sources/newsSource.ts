import type { NewsDraft, NewsSourceName } from '@tapeline/core';

// One interface for every news vendor, one folder per source (as market/feeds/feed.ts):
// docs/quotes-news.md §3 "Ingestion". A source hands over drafts; the runner validates them
// against core's newsDraftSchema, batches them onto the bus and keeps each source apart.

export interface NewsSink {
  /** Drafts as the source read them: unvalidated and unsanitized. */
  articles(drafts: readonly NewsDraft[]): void;
}

export interface NewsStats {
  received: number;
  malformed: number;
  failures: number;
  lastOkAt: number | null;
}

export interface NewsSource {
  readonly name: NewsSourceName;
  /** Begins polling or connecting; resolves once started (not once the first item arrives). */
  start(sink: NewsSink): Promise<void>;
  stop(): Promise<void>;
  stats(): NewsStats;
}

/** What sources may ask of the market: which symbols are listed (tagging drops the rest). */
export interface ListedSymbols {
  /** Upper-case symbols the reference data lists, or null when no engine answers yet. */
  listed(): Promise<ReadonlySet<string> | null>;
}
