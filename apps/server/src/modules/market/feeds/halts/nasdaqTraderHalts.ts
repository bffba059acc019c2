import type { Clock, Timer } from '../../../../platform/clock.ts';
import type { Log } from '../../../../platform/log.ts';
import { parseHaltsRss } from './nasdaqTraderRss.ts';

// HALTS_SOURCE=nasdaqtrader: polls Nasdaq Trader's trade-halts RSS every 15 s on the engine
// thread's clock, with a conditional GET (If-None-Match / If-Modified-Since from the last
// answer's ETag / Last-Modified), and hands each new halt and each resumption that has come
// to the status function — which merges them with the feed's own (haltMerge.ts). At the first
// answer, a halt that ended before the server started is told only by its resumption: history,
// not news.

export const HALTS_POLL_MS = 15_000;
/** Halts older than this are forgotten (the feed lists the current and recent sessions). */
const KEEP_MS = 4 * 24 * 3_600_000;

export type StatusFn = (sym: string, halted: boolean, reason: string, ts: number) => void;

export interface HaltsSourceOptions {
  url: string;
  clock: Pick<Clock, 'now' | 'setInterval'>;
  logger: Log;
  /** The HTTP client (tests: the global one against a loopback fake). */
  fetch?: typeof fetch;
  pollMs?: number;
}

interface Known {
  sym: string;
  reason: string;
  haltTs: number;
  resumeTs: number | null;
  resumed: boolean;
}

export class NasdaqTraderHalts {
  private readonly known = new Map<string, Known>();
  private etag: string | null = null;
  private lastModified: string | null = null;
  private first = true;
  private timer: Timer | null = null;
  private inFlight = false;
  private failing = false;
  private emit: StatusFn = () => {};
  readonly stats = { polls: 0, notModified: 0, halts: 0, resumes: 0, errors: 0 };

  constructor(private readonly options: HaltsSourceOptions) {}

  /** First poll now, then every 15 s (never slower). Resolves after the first poll. */
  async start(emit: StatusFn): Promise<void> {
    this.emit = emit;
    const every = Math.min(this.options.pollMs ?? HALTS_POLL_MS, HALTS_POLL_MS);
    this.timer = this.options.clock.setInterval(() => void this.poll(), every);
    await this.poll();
  }

  stop(): void {
    this.timer?.cancel();
    this.timer = null;
    this.emit = () => {};
  }

  /** One conditional GET; a failure is logged once until the feed answers again. */
  async poll(): Promise<void> {
    if (this.inFlight) return;
    this.inFlight = true;
    try {
      const headers: Record<string, string> = { accept: 'application/rss+xml, application/xml, text/xml' };
      if (this.etag) headers['if-none-match'] = this.etag;
      if (this.lastModified) headers['if-modified-since'] = this.lastModified;
      const res = await (this.options.fetch ?? fetch)(this.options.url, { headers });
      this.stats.polls++;
      if (res.status === 304) {
        this.stats.notModified++;
      } else if (!res.ok) {
        throw new Error(`HTTP ${res.status}`);
      } else {
        this.etag = res.headers.get('etag');
        this.lastModified = res.headers.get('last-modified');
        this.take(await res.text());
      }
      if (this.failing) this.options.logger.info('halts: nasdaqtrader answers again');
      this.failing = false;
      this.resumeDue();
    } catch (error) {
      this.stats.errors++;
      if (!this.failing) {
        this.options.logger.warn(
          `halts: cannot read ${this.options.url} (${(error as Error).message}); halts come from the feed alone until it answers`,
        );
      }
      this.failing = true;
    } finally {
      this.inFlight = false;
    }
  }

  private take(xml: string): void {
    const now = this.options.clock.now();
    for (const h of parseHaltsRss(xml)) {
      const key = `${h.sym}|${h.haltTs}`;
      const k = this.known.get(key);
      if (k) {
        if (h.resumeTs !== null) k.resumeTs = h.resumeTs;
        continue;
      }
      const over = h.resumeTs !== null && h.resumeTs <= now;
      this.known.set(key, { ...h, resumed: this.first && over });
      if (this.first && over) {
        // Over before we started: only its end is told (the engine ignores it unless a restored
        // checkpoint still has the symbol halted).
        this.emit(h.sym, false, h.reason, h.resumeTs ?? now);
        continue;
      }
      this.stats.halts++;
      this.emit(h.sym, true, h.reason, h.haltTs);
    }
    this.first = false;
    for (const [key, k] of this.known) if (k.haltTs < now - KEEP_MS) this.known.delete(key);
  }

  /** Resumptions whose time has come, in time order. */
  private resumeDue(): void {
    const now = this.options.clock.now();
    const due = [...this.known.values()]
      .filter((k) => !k.resumed && k.resumeTs !== null && k.resumeTs <= now)
      .sort((a, b) => (a.resumeTs ?? 0) - (b.resumeTs ?? 0));
    for (const k of due) {
      k.resumed = true;
      this.stats.resumes++;
      this.emit(k.sym, false, k.reason, k.resumeTs ?? now);
    }
  }
}
