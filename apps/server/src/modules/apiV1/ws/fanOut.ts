import {
  ALERTS_DISPATCHED_TOPIC,
  alertDispatchedMessageSchema,
  QUOTE_TOPICS,
  quoteTickMessageSchema,
} from '@tapeline/core';
import type { Bus } from '../../../platform/bus/bus.ts';
import type { Log } from '../../../platform/log.ts';
import { decodeBusFrame } from '../../market/stream/busFrame.ts';
import { STREAM_TOPIC } from '../../market/stream/gateway.ts';
import { type Connections, encode } from './connections.ts';
import { type MarketFrames, marketFramesOf } from './marketFrames.ts';

const MARKET_STREAMS = ['highs', 'lows', 'halts'] as const;

function sendMarket(hub: Connections, frames: MarketFrames): void {
  for (const conn of hub.all) {
    for (const stream of MARKET_STREAMS) {
      const data = frames[stream];
      if (data && conn.streams.has(stream)) hub.send(conn, data);
    }
  }
}

/**
 * The bus to the bots: each engine batch, fired alert and quote tick is serialized once and
 * written to every connection holding its stream (an alert to its user's only); nothing is
 * decoded or serialized while nobody holds the stream. Returns the unsubscribers.
 */
export async function fanOut(hub: Connections, bus: Bus, log: Log): Promise<Array<() => Promise<void>>> {
  return [
    await bus.subscribe(STREAM_TOPIC, (payload) => {
      if (!hub.subscribed('highs') && !hub.subscribed('lows') && !hub.subscribed('halts')) return;
      const batch = decodeBusFrame(typeof payload === 'string' ? Buffer.from(payload) : payload);
      if (!batch) return;
      const frames = marketFramesOf(batch.ep, batch.bytes, log);
      if (frames) sendMarket(hub, frames);
    }),
    await bus.subscribe(ALERTS_DISPATCHED_TOPIC, (payload) => {
      if (!hub.subscribed('alerts')) return;
      const parsed = alertDispatchedMessageSchema.safeParse(JSON.parse(payload.toString()));
      if (!parsed.success) return;
      const { userId, alert } = parsed.data;
      const data = encode({ type: 'alert', stream: 'alerts', seq: alert.id, alert });
      for (const conn of hub.all) {
        if (conn.principal?.user.id === userId && conn.streams.has('alerts')) hub.send(conn, data);
      }
    }),
    await bus.subscribe(QUOTE_TOPICS.tick, (payload) => {
      if (!hub.subscribed('quotes:')) return;
      const parsed = quoteTickMessageSchema.safeParse(JSON.parse(payload.toString()));
      if (!parsed.success) return;
      const rows = new Map(parsed.data.q.map((row) => [`quotes:${row[0]}`, row]));
      for (const conn of hub.all) {
        for (const stream of conn.streams) {
          const row = rows.get(stream);
          if (!row) continue;
          const seq = (conn.quoteSeq.get(stream) ?? 0) + 1;
          conn.quoteSeq.set(stream, seq);
          const [symbol, price, percent, dollar_dist, high, low] = row;
          hub.send(
            conn,
            encode({ type: 'quote', stream, seq, quote: { symbol, price, percent, dollar_dist, high, low } }),
          );
        }
      }
    }),
  ];
}
