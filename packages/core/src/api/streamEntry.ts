import { z } from 'zod';
import { protocolOf, UNVERSIONED_PROTOCOL } from './protocol.ts';

// The live stream's entry (dashboard spec §3 "Stream entry"): named fields in code, the spec's
// 11-element array on the wire plus our element 11, storyTime (docs/quotes-news.md §3), and
// element 12, eventTs (docs/continuity.md §0), and element 13, publishedTs. The
// readings of the positions the spec leaves open (active, flag, units of atr and gap) are ours;
// docs/metrics.md explains them.

/** One stream entry as code reads it. */
export interface StreamEntry {
  symbol: string;
  /** The new high (highs), the new low (lows), or the last print (halts, uvols). */
  last: number;
  /** New highs / new lows / halts / unusual-volume levels reached by this symbol in the session so far. */
  count: number;
  /** Highs/lows: the last print still equals that extreme; halts: halted (false: resumed); uvols: true. */
  active: boolean;
  /** Highs/lows: 1 when the symbol has listed options, else 0; halts: the reason code; uvols: the uVol %. */
  flag: number | string;
  /** Session volume. */
  volume: number;
  /** Listing exchange. */
  exchange: string;
  /** Float in shares, null if unknown. */
  float: number | null;
  /** Latest news time (ms), null if none. */
  newsTime: number | null;
  /** ATR(14) of daily bars as % of last, null during warm-up. */
  atr: number | null;
  /** Gap as % of the prior close, null without a prior close. */
  gap: number | null;
  /** Latest news time (ms) without regulatory filings (what `hide_rf` marks by), null if none. */
  storyTime: number | null;
  /**
   * When the entry's event happened (ms): the new high's, the new low's, or the halt's or
   * resume's time. Null from an engine before protocol 3, which did not send it.
   */
  eventTs: number | null;
  /**
   * When the server published the entry, on the market's clock (ms): the engine's clock at the
   * drain that made its batch. `publishedTs − eventTs` is how old the print was when it went
   * out; kept on the entry so it survives outside its batch (named-field APIs, stored lists).
   * Null from an engine before protocol 6.
   */
  publishedTs: number | null;
}

/** The entry on the wire, in the spec's positions. */
export type StreamEntryWire = [
  symbol: string,
  last: number,
  count: number,
  active: 0 | 1,
  flag: number | string,
  volume: number,
  exchange: string,
  float: number | null,
  newsTime: number | null,
  atr: number | null,
  gap: number | null,
  /** Element 11, added in protocol 2: an older 11-element entry reads as null. */
  storyTime?: number | null,
  /** Element 12, added in protocol 3: an older entry without it reads as null. */
  eventTs?: number | null,
  /** Element 13, added in protocol 6: an older entry without it reads as null. */
  publishedTs?: number | null,
];

export const streamEntryWireSchema = z.tuple([
  z.string(),
  z.number(),
  z.number(),
  z.union([z.literal(0), z.literal(1)]),
  z.union([z.number(), z.string()]),
  z.number(),
  z.string(),
  z.number().nullable(),
  z.number().nullable(),
  z.number().nullable(),
  z.number().nullable(),
  z.number().nullable().optional(),
  z.number().nullable().optional(),
  z.number().nullable().optional(),
]) satisfies z.ZodType<StreamEntryWire>;

/**
 * One array per entry and nothing else. The engine calls this directly, once per entry of a
 * batch, rather than `streamEntryCodec.encode`: its own figures need no validation per entry.
 */
export function encodeStreamEntry(e: StreamEntry): StreamEntryWire {
  return [
    e.symbol,
    e.last,
    e.count,
    e.active ? 1 : 0,
    e.flag,
    e.volume,
    e.exchange,
    e.float,
    e.newsTime,
    e.atr,
    e.gap,
    e.storyTime,
    e.eventTs,
    e.publishedTs,
  ];
}

export function decodeStreamEntry(w: StreamEntryWire): StreamEntry {
  return {
    symbol: w[0],
    last: w[1],
    count: w[2],
    active: w[3] === 1,
    flag: w[4],
    volume: w[5],
    exchange: w[6],
    float: w[7],
    newsTime: w[8],
    atr: w[9],
    gap: w[10],
    storyTime: w[11] ?? null,
    eventTs: w[12] ?? null,
    publishedTs: w[13] ?? null,
  };
}

/** `compressedUpdate` as sent: one engine batch, raw-deflated UTF-8 JSON (deflated once per batch). */
export interface StreamBatchWire {
  /** PROTOCOL_VERSION of the engine that made the batch. */
  readonly v: number;
  /**
   * Engine epoch: the engine's wall-clock start (ms). A new epoch means the engine restarted and
   * its `seq` numbers start over, so a client cannot catch up across it (`stream_resume`).
   */
  readonly ep: number;
  /**
   * 1, 2, 3 … per published batch of this epoch; an empty drain publishes nothing and takes no
   * number, so a hole in a client's sequence is a missed batch. `GET /data/stream_bk` answers
   * with the number of the last published batch (0 before the first).
   */
  readonly seq: number;
  /** Engine clock when drained (ms). */
  readonly ts: number;
  /** Entries oldest first. */
  readonly highs: StreamEntryWire[];
  readonly lows: StreamEntryWire[];
  readonly halts: StreamEntryWire[];
  /**
   * Unusual-volume events (protocol 5): a symbol's uVol of the day crossing a new level
   * (packages/market `stream/unusualVolume.ts`). An older batch without them reads as none.
   */
  readonly uvols?: StreamEntryWire[];
}

/** An entry with named fields (the codec's object side; the bots' REST and WebSocket send these). */
export const streamEntrySchema = z.object({
  symbol: z.string(),
  last: z.number(),
  count: z.number(),
  active: z.boolean(),
  flag: z.union([z.number(), z.string()]),
  volume: z.number(),
  exchange: z.string(),
  float: z.number().nullable(),
  newsTime: z.number().nullable(),
  atr: z.number().nullable(),
  gap: z.number().nullable(),
  storyTime: z.number().nullable(),
  eventTs: z.number().nullable(),
  publishedTs: z.number().nullable(),
}) satisfies z.ZodType<StreamEntry>;

/** zod's two-way codec: `.decode(array)` → entry, `.encode(entry)` → array, each side checked. */
export const streamEntryCodec = z.codec(streamEntryWireSchema, streamEntrySchema, {
  decode: decodeStreamEntry,
  encode: encodeStreamEntry,
});

// The batch path decodes with the same function as the codec but checks only the array: the
// codec would also check the object it just built from checked parts, at twice the cost per entry.
const entries = z.array(streamEntryWireSchema.transform(decodeStreamEntry));

/** The protocol whose batches carry `ep` and `seq`. */
const NUMBERED_SINCE = 3;

const batchShape = z.object({
  v: z.number().int().default(UNVERSIONED_PROTOCOL),
  ep: z.number(),
  seq: z.number().int().min(0),
  ts: z.number(),
  highs: entries,
  lows: entries,
  halts: entries,
  uvols: entries.default([]),
});

/**
 * A batch off the wire, its entries decoded to named fields; a batch without `v` is protocol 1.
 * A batch of protocol 1 or 2 has no `ep` and `seq`: they read as 0, so it still parses and the
 * reader refuses it by its version, saying so, instead of dropping it as an unreadable shape.
 * From protocol 3 on both are required. Readers check `v` before they use `ep` or `seq`.
 */
export const streamBatchSchema = z.preprocess(
  (raw) =>
    typeof raw === 'object' && raw !== null && protocolOf(raw) < NUMBERED_SINCE
      ? { ep: 0, seq: 0, ...raw }
      : raw,
  batchShape,
);
/** A batch as read off the wire, with the version it names. */
export type StreamBatchRead = z.output<typeof streamBatchSchema>;
/** A batch as the client uses it once its version is checked. */
export type StreamBatchView = Omit<StreamBatchRead, 'v'>;

/**
 * The recent view's answer (GET /data/stream_bk, streamRecent.ts) keeps the spec's shape
 * `{data: [batch]}`: one protocol-3 batch whose `seq` is the last published one (0 before the
 * first) and whose entries are oldest first, at most STREAM_RECENT_PER_SIDE per side, so the
 * client's merge puts the newest on top. Beside the batch rather than with the query, so the
 * web's rows worker reads it through this module alone (core's `./api/streamEntry` export).
 */
export const streamRecentResponseSchema = z.object({ data: z.tuple([streamBatchSchema]) });
export type StreamRecentResponse = z.infer<typeof streamRecentResponseSchema>;
