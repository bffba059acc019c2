import type { V1Me } from '@tapeline/core';
import type { KeyPrincipal } from './keyGuards.ts';

/** GET /api/v1/me: who the key acts as; the tier is the browser's (core `tierOf`). */
export function me({ user, tier, key }: KeyPrincipal): V1Me {
  return { user_id: user.id, username: user.username, tier, scopes: key.scopes };
}
