import type { SessionResponse } from '@tapeline/core';
import type { UserRow } from '../../platform/db/schema.ts';
import { unauthorized } from '../../platform/http/errors.ts';
import type { AuthDeps } from './deps.ts';
import { presentUser } from './userView.ts';

export async function issueSession(deps: AuthDeps, user: UserRow): Promise<SessionResponse> {
  const access_token = await deps.ctx.tokens.issue({ userId: user.id, tokenVersion: user.tokenVersion });
  return { access_token, user: await presentUser(deps.ctx.database.db, user) };
}

/**
 * The user behind an `Authorization: Bearer` header. A token issued before the last password
 * change carries an older version and is refused like any forged one.
 */
export async function authenticate(deps: AuthDeps, header: string | undefined): Promise<UserRow> {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  if (!match?.[1]) throw unauthorized();
  const result = await deps.ctx.tokens.verify(match[1]);
  if (!result.ok) throw unauthorized(result.reason === 'expired');
  const user = await deps.users.findById(result.claims.userId);
  if (!user || user.tokenVersion !== result.claims.tokenVersion) throw unauthorized();
  return user;
}
