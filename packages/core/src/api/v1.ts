import { z } from 'zod';
import { filterValuesSchema } from '../alerts/filteredAlert.ts';
import { servedDiscoveryRowSchema } from '../discovery/servedRowSchema.ts';
import { type ApiKeyScope, apiKeyScopeSchema } from './apiKeys.ts';
import { timeframeSchema } from './market.ts';
import { streamEntrySchema } from './streamEntry.ts';

// The traders' API (issue 25, docs/api.md): REST under /api/v1 and a plain WebSocket at /ws/v1,
// both with a personal key. The OpenAPI and AsyncAPI documents are generated from these schemas.

export const API_V1_PREFIX = '/api/v1';
export const WS_V1_PATH = '/ws/v1';

/** Requests per key per window (RateLimit-* headers; past it 429 + Retry-After). */
export const API_V1_RATE = { points: 120, windowSec: 60 } as const;

/**
 * Every v1 failure has this one shape, 401s included (the browser API's bare 401 is not kept
 * here): `error` is a code of core's lists (`errorCodes`, `V1_ERROR_CODES`, the routes' own spec
 * codes), `message` says it in words.
 */
export const v1ErrorSchema = z.object({ error: z.string(), message: z.string() });
export type V1Error = z.infer<typeof v1ErrorSchema>;

export const V1_ERROR_CODES = {
  invalidKey: 'invalid_api_key',
  keyInUrl: 'api_key_in_url',
  scopeMissing: 'scope_missing',
  rateLimited: 'rate_limited',
} as const;

/** GET /api/v1/me: who the key acts as, and what it may do. */
export const v1MeSchema = z.object({
  user_id: z.uuid(),
  username: z.string().nullable(),
  tier: z.enum(['none', 'standard', 'pro', 'proplus']),
  scopes: z.array(apiKeyScopeSchema),
});
export type V1Me = z.infer<typeof v1MeSchema>;

export const v1TimeframeParamsSchema = z.object({ tf: timeframeSchema });

/**
 * POST /api/v1/discovery/{tf}/filter: the smart filter of the Discovery table (the same values
 * as a saved filter and a filtered alert), with the sectors to keep if any.
 */
export const v1DiscoveryFilterRequestSchema = z
  .object({
    type: z.enum(['all', 'any']).default('all'),
    values: filterValuesSchema,
    sectors: z.array(z.number().int().min(0).max(1023)).max(1024).optional(),
  })
  .strict();
export type V1DiscoveryFilterRequest = z.infer<typeof v1DiscoveryFilterRequestSchema>;

/** Discovery rows of one timeframe; the columns the key's plan does not open are left out. */
export const v1DiscoveryAnswerSchema = z.object({
  tf: timeframeSchema,
  rows: z.array(servedDiscoveryRowSchema),
});

/** A stream entry with named fields (the socket.io wire's 13-element array, decoded). */
export const v1StreamEntrySchema = streamEntrySchema;
export type V1StreamEntry = z.infer<typeof v1StreamEntrySchema>;

/** GET /api/v1/stream/recent: the day's newest highs, lows and halts, as of batch `seq` of `ep`. */
export const v1StreamRecentAnswerSchema = z.object({
  ep: z.number(),
  seq: z.number().int(),
  highs: z.array(v1StreamEntrySchema),
  lows: z.array(v1StreamEntrySchema),
  halts: z.array(v1StreamEntrySchema),
});
export type V1StreamRecentAnswer = z.infer<typeof v1StreamRecentAnswerSchema>;

/** What each scope opens, for the reference and the 403's wording. */
export const V1_SCOPE_HELP: Record<ApiKeyScope, string> = {
  'market:read': 'Discovery, the high/low stream, quotes, sparklines and news',
  'alerts:read': 'alert rules, alert history and the fired-alert stream',
  'alerts:write': 'create, change and delete alert rules and filtered alerts',
  'chat:read': 'reserved for the chat stream',
};
