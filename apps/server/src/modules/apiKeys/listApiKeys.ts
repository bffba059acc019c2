import type { ApiKeyList } from '@tapeline/core';
import type { Principal } from '../../platform/http/guards.ts';
import type { ApiKeyDeps } from './deps.ts';
import { presentApiKey } from './presentApiKey.ts';

/** GET /api/api_keys: the user's live keys, oldest first, never their secret. */
export async function listApiKeys(deps: ApiKeyDeps, { user }: Principal): Promise<ApiKeyList> {
  return { api_keys: (await deps.keys.listLive(user.id)).map(presentApiKey) };
}
