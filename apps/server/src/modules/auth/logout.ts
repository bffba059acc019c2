import type { SuccessResponse } from '@tapeline/core';
import type { AuthDeps } from './deps.ts';
import { type Authenticated, endSession } from './session.ts';

/** POST /api/auth/logout: this browser's session ends; its token gets 401 from now on. */
export async function logout(deps: AuthDeps, { user, sessionId }: Authenticated): Promise<SuccessResponse> {
  await endSession(deps, user.id, sessionId);
  return { success: true };
}
