import { API_KEYS_MAX, apiKeyMessages, type CreateApiKeyRequest, type CreatedApiKey } from '@tapeline/core';
import { HttpError } from '../../platform/http/errors.ts';
import type { Principal } from '../../platform/http/guards.ts';
import type { ApiKeyDeps } from './deps.ts';
import { newApiKey } from './keyMaterial.ts';
import { presentApiKey } from './presentApiKey.ts';

/** POST /api/api_keys: a new key, shown this once; only its hash is kept. At most API_KEYS_MAX live. */
export async function createApiKey(
  deps: ApiKeyDeps,
  { user }: Principal,
  body: CreateApiKeyRequest,
): Promise<CreatedApiKey> {
  const { key, keyId, keyHash } = newApiKey();
  const row = await deps.keys.createWithin(API_KEYS_MAX, {
    userId: user.id,
    name: body.name,
    keyId,
    keyHash,
    scopes: body.scopes,
    createdAt: new Date(deps.clock.now()),
  });
  if (!row) throw new HttpError(409, 'limit_exceeded', apiKeyMessages.limit);
  return { key, api_key: presentApiKey(row) };
}
