import { discoveryAccess } from '@tapeline/core';
import type { RequestPrincipal } from '../../platform/http/guards.ts';
import type { AuthDeps } from './deps.ts';

/**
 * A token for the data host, for a subscriber (the route's guard decides who is one):
 * short-lived (15 minutes) so a lapsed subscription loses access soon without the data host
 * asking the database on every request; the client logs in again on a 401 and retries once. It
 * names the API session it came from: when that session ends, the data host stops honouring it
 * within its session cache's 30 s.
 */
export async function dataSourceLogin(
  deps: AuthDeps,
  { user, sessionId, subscription }: RequestPrincipal,
): Promise<{ success: true; token: string }> {
  const token = await deps.ctx.dataTokens.issue({
    userId: user.id,
    sessionId,
    tokenVersion: user.tokenVersion,
    access: discoveryAccess(subscription),
  });
  return { success: true, token };
}
