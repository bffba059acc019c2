import { WS_V1_MAX_BUFFERED_BYTES, WS_V1_MAX_LAG_MS } from '@tapeline/core';

/** A connection's standing as its unsent bytes are looked at: since when it is behind, and whether it goes. */
export interface LagVerdict {
  behindSince: number | null;
  drop: boolean;
}

/**
 * The slow-consumer rule of /ws/v1: a connection is behind from the first look that finds unsent
 * bytes until a look finds none; it is dropped once it has been behind for more than `maxLagMs`,
 * or at once when its unsent bytes pass `maxBytes` (so memory stays bounded whatever the lag).
 */
export function lagVerdict(
  buffered: number,
  behindSince: number | null,
  now: number,
  limits = { maxBytes: WS_V1_MAX_BUFFERED_BYTES, maxLagMs: WS_V1_MAX_LAG_MS },
): LagVerdict {
  if (buffered === 0) return { behindSince: null, drop: false };
  if (buffered > limits.maxBytes) return { behindSince: behindSince ?? now, drop: true };
  const since = behindSince ?? now;
  return { behindSince: since, drop: now - since > limits.maxLagMs };
}
