import {
  discoveryAccess,
  type StreamRecentQuery,
  streamRecentResponseSchema,
  type V1StreamRecentAnswer,
} from '@tapeline/core';
import type { Principal } from '../../platform/http/guards.ts';
import { askEngine } from '../market/dataHost/routes.ts';
import type { EngineSource } from '../market/engine/source.ts';

/**
 * GET /api/v1/stream/recent: the engine's recent view of a channel (what LOAD RECENT shows,
 * `/data/stream_bk`), its entries with named fields; ATR and gap ranges count for Pro Plus only.
 */
export async function recentStream(
  engine: EngineSource,
  { subscription }: Principal,
  query: StreamRecentQuery,
): Promise<V1StreamRecentAnswer> {
  const proPlus = discoveryAccess(subscription) === 'proplus';
  const json = await askEngine(engine, { kind: 'streamRecent', query, proPlus });
  const [batch] = streamRecentResponseSchema.parse(JSON.parse(json)).data;
  return { ep: batch.ep, seq: batch.seq, highs: batch.highs, lows: batch.lows, halts: batch.halts };
}
