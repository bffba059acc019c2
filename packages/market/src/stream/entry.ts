// The live stream's entry, as the spec lists its positions. The readings of the positions the
// spec leaves open (active, flag, units of atr and gap) are ours; docs/metrics.md explains them.

export type StreamEntry = [
  /** 0 symbol */ symbol: string,
  /** 1 the new high (highs), the new low (lows), or the last print (halts) */ last: number,
  /** 2 new highs / new lows / halts of this symbol in the session so far */ count: number,
  /** 3 highs/lows: 1 while the last print still equals that extreme; halts: 1 halted, 0 resumed */ active:
    | 0
    | 1,
  /** 4 highs/lows: 1 when the symbol has listed options; halts: the reason code */ flag: number | string,
  /** 5 session volume */ volume: number,
  /** 6 listing exchange */ exchange: string,
  /** 7 float in shares, null if unknown */ float: number | null,
  /** 8 latest news time (ms), null if none */ newsTime: number | null,
  /** 9 ATR(14) of daily bars as % of last, null during warm-up */ atr: number | null,
  /** 10 gap as % of the prior close, null without a prior close */ gap: number | null,
];

/** One batch for `compressedUpdate`; entries oldest first. */
export interface StreamBatch {
  /** Engine clock when drained (ms). */
  readonly ts: number;
  readonly highs: StreamEntry[];
  readonly lows: StreamEntry[];
  readonly halts: StreamEntry[];
}
