import { z } from 'zod';

/** One dependency's state in `GET /api/health/ready` (docs/operations.md "Health"). */
export const HEALTH_STATES = ['ok', 'down', 'stalled', 'off'] as const;

export const healthPartSchema = z.object({
  state: z.enum(HEALTH_STATES),
  /** How long the check took; null when nothing was asked (`off`). */
  latency_ms: z.number().nullable(),
});
export type HealthPart = z.infer<typeof healthPartSchema>;

/** The parts a node checks; `redis` only when REDIS_URL is set, the engine and feed unless MARKET_FEED=off. */
export const HEALTH_PARTS = ['database', 'redis', 'engine', 'feed', 'mail'] as const;
export type HealthPartName = (typeof HEALTH_PARTS)[number];

/**
 * `GET /api/health/ready`: 200 with `ready: true` when every part that is not `off` is `ok`,
 * else 503 with the same body. States and latencies only: no host, URL or error text.
 */
export const healthReadySchema = z.object({
  ready: z.boolean(),
  parts: z.partialRecord(z.enum(HEALTH_PARTS), healthPartSchema),
});
export type HealthReady = z.infer<typeof healthReadySchema>;

/** `GET /api/health/live`: the process answers. */
export const healthLiveSchema = z.object({ ok: z.literal(true) });
