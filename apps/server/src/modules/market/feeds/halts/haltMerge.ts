import type { FeedSink } from '../feed.ts';
import type { StatusFn } from './nasdaqTraderHalts.ts';

// One halt, told by two sources (the feed's status/LULD messages and Nasdaq Trader's RSS),
// reaches the engine once. The feed's statuses pass as they come (the engine already ignores a
// repeat of the current state); a halts-source status passes unless the symbol is known to be in
// that state already or a newer status is known — so the RSS telling a halt the feed already
// told, or a halt the feed has since resumed, makes no second event. (A status for a symbol
// known to neither passes: the engine drops it if it repeats the engine's state.)

export class HaltMerge {
  private readonly state = new Map<string, { halted: boolean; ts: number }>();
  /** Halts-source statuses dropped as already known. */
  doubles = 0;
  /** The sink to hand the feed: its trades go straight through. */
  readonly feedSink: FeedSink;

  constructor(private readonly sink: FeedSink) {
    this.feedSink = {
      ...sink,
      trade: sink.trade,
      status: (sym, halted, reason, ts) => {
        this.note(sym, halted, ts);
        sink.status(sym, halted, reason, ts);
      },
    };
  }

  /** What the halts source calls. */
  readonly other: StatusFn = (sym, halted, reason, ts) => {
    const known = this.state.get(sym);
    if (known && (known.halted === halted || known.ts > ts)) {
      this.doubles++;
      return;
    }
    this.note(sym, halted, ts);
    this.sink.status(sym, halted, reason, ts);
  };

  private note(sym: string, halted: boolean, ts: number): void {
    const known = this.state.get(sym);
    if (known && known.ts > ts && known.halted !== halted) return;
    this.state.set(sym, { halted, ts });
  }
}
