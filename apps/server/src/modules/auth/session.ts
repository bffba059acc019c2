import type { SessionResponse } from '@tapeline/core';
import type { UserRow } from '../../platform/db/schema.ts';
import { unauthorized } from '../../platform/http/errors.ts';
import type { Authenticated } from '../../platform/http/guards.ts';
import { createApiKeyDeps } from '../apiKeys/deps.ts';
import { revokeAllApiKeys } from '../apiKeys/revokeApiKey.ts';
import type { AuthDeps } from './deps.ts';
import { presentUser } from './userView.ts';

/** Starts a session (a `sessions` row) and signs the access token that names it. */
export async function issueAccessToken(deps: AuthDeps, user: UserRow): Promise<string> {
  const { ctx } = deps;
  const session = await deps.sessions.create(user.id, new Date(ctx.clock.now()), ctx.config.jwtTtlMs);
  return ctx.tokens.issue({ userId: user.id, sessionId: session.id, tokenVersion: user.tokenVersion });
}

export async function issueSession(deps: AuthDeps, user: UserRow): Promise<SessionResponse> {
  const access_token = await issueAccessToken(deps, user);
  return { access_token, user: await presentUser(deps.ctx.database.db, user) };
}

// What the guards hand a `session` route; declared with them in platform/.
export type { Authenticated } from '../../platform/http/guards.ts';

/**
 * The user and session behind an `Authorization: Bearer` header. A token whose session was
 * revoked (logout, password change, role change, chat ban) or that carries an older token
 * version is refused like a forged one.
 */
export async function authenticateSession(
  deps: AuthDeps,
  header: string | undefined,
): Promise<Authenticated> {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  if (!match?.[1]) throw unauthorized();
  const result = await deps.ctx.tokens.verify(match[1]);
  if (!result.ok) throw unauthorized(result.reason === 'expired');
  const { userId, sessionId, tokenVersion } = result.claims;
  const [user, live] = await Promise.all([
    deps.users.findById(userId),
    deps.sessions.isLive(sessionId, userId, new Date(deps.ctx.clock.now())),
  ]);
  if (!user || !live || user.tokenVersion !== tokenVersion) throw unauthorized();
  return { user, sessionId };
}

export async function authenticate(deps: AuthDeps, header: string | undefined): Promise<UserRow> {
  return (await authenticateSession(deps, header)).user;
}

/** Ends one session (logout). */
export async function endSession(deps: AuthDeps, userId: string, sessionId: string): Promise<void> {
  await deps.sessions.revoke(sessionId, new Date(deps.ctx.clock.now()));
  deps.revocations.publish({ userId, sessionId });
}

/**
 * Ends every session of a user: a password change or reset, a role change, a chat ban. The
 * token version moves too, so a data-host token signed before stops at its next check, and the
 * user's API keys are revoked (their bot sockets close on every node).
 */
export async function endAllSessions(deps: AuthDeps, user: UserRow): Promise<UserRow> {
  await deps.sessions.revokeAll(user.id, new Date(deps.ctx.clock.now()));
  const updated = await deps.users.update(user.id, { tokenVersion: user.tokenVersion + 1 });
  deps.revocations.publish({ userId: user.id, sessionId: null });
  // Personal API keys end with the sessions (docs/decisions.md, "API keys and passwords").
  await revokeAllApiKeys(createApiKeyDeps(deps.ctx), user.id);
  return updated;
}
