import { apiKeyMessages } from '@tapeline/core';
import { HttpError } from '../../platform/http/errors.ts';
import type { Principal } from '../../platform/http/guards.ts';
import type { ApiKeyDeps } from './deps.ts';
import { publishKeyRevocation } from './keyRevocations.ts';

/**
 * DELETE /api/api_keys/:id: the key is refused from now on. REST reads the row on every call;
 * bot sockets on every node close when the bus brings the news (modules/apiV1/ws).
 */
export async function revokeApiKey(deps: ApiKeyDeps, { user }: Principal, id: string) {
  if (!(await deps.keys.revoke(user.id, id, new Date(deps.clock.now())))) {
    throw new HttpError(404, 'not_found', apiKeyMessages.notFound);
  }
  await publishKeyRevocation(deps.bus, { userId: user.id, keyId: id });
  return { success: true as const };
}

/**
 * Every key of a user stops: what ends all of a user's sessions (a password change or reset, a
 * role change, a chat ban) ends their keys too (docs/decisions.md, "API keys and passwords").
 */
export async function revokeAllApiKeys(deps: ApiKeyDeps, userId: string): Promise<void> {
  const revoked = await deps.keys.revokeAll(userId, new Date(deps.clock.now()));
  if (revoked > 0) await publishKeyRevocation(deps.bus, { userId, keyId: null });
}
