import { z } from 'zod';

// Personal API keys (issue 25 §1, docs/api.md): a trader's programs call /api/v1 and /ws/v1 with
// `Authorization: Bearer tl_live_…`. The key is shown once; the server keeps only its hash.

/** What a key may do. A key acts as its user: the user's tier still decides what it sees. */
export const API_KEY_SCOPES = ['market:read', 'alerts:read', 'alerts:write', 'chat:read'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];
export const apiKeyScopeSchema = z.enum(API_KEY_SCOPES);

/** Live keys per user; a revoked key no longer counts. */
export const API_KEYS_MAX = 10;
export const API_KEY_NAME_MAX = 64;
/** Every key starts with this; what follows is its id (16 characters), `_`, then 43 secret ones. */
export const API_KEY_PREFIX = 'tl_live_';
/** The part of a key that is stored and listed in clear: `tl_live_` and its id. */
export const API_KEY_SHOWN_LENGTH = API_KEY_PREFIX.length + 16;
/** The whole key's pattern (id: 16 base64url characters; secret: 32 random bytes, base64url). */
export const API_KEY_PATTERN = /^tl_live_[A-Za-z0-9_-]{16}_[A-Za-z0-9_-]{43}$/;

export const apiKeyMessages = {
  nameRequired: 'Please enter a name for the key',
  scopesRequired: 'Choose at least one scope',
  limit: `You can have at most ${API_KEYS_MAX} API keys. Revoke one first`,
  notFound: 'No such API key',
  invalid: 'Invalid API key',
  /** A key in the URL (`?api_key=`, `?token=` …) is refused even when it is right. */
  inQuery: 'Send the API key in the Authorization header, never in the URL',
  scopeMissing: (scope: ApiKeyScope) => `This API key lacks the ${scope} scope`,
  rateLimited: 'Too many requests for this API key. Retry after the time in Retry-After',
} as const;

export const createApiKeyRequestSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, apiKeyMessages.nameRequired)
    .max(API_KEY_NAME_MAX, apiKeyMessages.nameRequired),
  scopes: z
    .array(apiKeyScopeSchema)
    .min(1, apiKeyMessages.scopesRequired)
    .max(API_KEY_SCOPES.length)
    .transform((scopes) => [...new Set(scopes)]),
});
export type CreateApiKeyRequest = z.infer<typeof createApiKeyRequestSchema>;

export const apiKeyIdParamsSchema = z.object({ id: z.uuid() });

/** A key as listed: never the secret, only what identifies it. */
export const apiKeyViewSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** `tl_live_` and the key's id: enough to recognise it, useless to call with. */
  prefix: z.string(),
  scopes: z.array(apiKeyScopeSchema),
  created_at: z.iso.datetime(),
  last_used_at: z.iso.datetime().nullable(),
});
export type ApiKeyView = z.infer<typeof apiKeyViewSchema>;

export const apiKeyListSchema = z.object({ api_keys: z.array(apiKeyViewSchema) });
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;

/** POST /api/api_keys: the one time the whole key is shown. */
export const createdApiKeySchema = z.object({ key: z.string(), api_key: apiKeyViewSchema });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;
