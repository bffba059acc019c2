import { discoveryAccess } from '@tapeline/core';
import type { AuthDeps } from './deps.ts';
import { authenticateSubscriber } from './subscriber.ts';

/**
 * A token for the data host: short-lived (15 minutes) so a lapsed subscription loses access
 * soon without the data host asking the database on every request; the client logs in again
 * on a 401 and retries once. It names the API session it came from: when that session ends,
 * the data host stops honouring it within its session cache's 30 s.
 */
export async function dataSourceLogin(
  deps: AuthDeps,
  authorization: string | undefined,
): Promise<{ success: true; token: string }> {
  const user = await authenticateSubscriber(deps, authorization);
  const token = await deps.ctx.dataTokens.issue({
    userId: user.id,
    sessionId: user.sessionId,
    tokenVersion: user.tokenVersion,
    access: discoveryAccess(user.subscription),
  });
  return { success: true, token };
}
