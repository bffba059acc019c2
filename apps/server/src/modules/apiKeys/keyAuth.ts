import { type ApiKeyScope, apiKeyMessages, V1_ERROR_CODES } from '@tapeline/core';
import type { Clock } from '../../platform/clock.ts';
import type { ApiKeyRow } from '../../platform/db/schema.ts';
import { HttpError } from '../../platform/http/errors.ts';
import type { Log } from '../../platform/log.ts';
import { hashApiKey, keyIdOf, keyMatches } from './keyMaterial.ts';
import { scopesOf } from './presentApiKey.ts';
import type { ApiKeysRepository } from './repository.ts';

/** `last_used_at` is written at most this often per key, not on every call. */
export const LAST_USED_EVERY_MS = 60_000;

/** What a well-formed key that names no live row is compared against: the same work either way. */
const NO_KEY_HASH = hashApiKey('tl_live_0000000000000000_0000000000000000000000000000000000000000000');

export const invalidApiKey = () => new HttpError(401, V1_ERROR_CODES.invalidKey, apiKeyMessages.invalid);

/** A live key, authenticated: its row (id, user) and the scopes it grants. */
export interface AuthenticatedKey {
  row: ApiKeyRow;
  scopes: ApiKeyScope[];
}

/** The key behind `Authorization: Bearer tl_live_…`, or the 401; the key itself is never logged. */
export function createKeyAuth(deps: { keys: ApiKeysRepository; clock: Clock; log: Log }) {
  const touchedAt = new Map<string, number>();
  const touch = (row: ApiKeyRow) => {
    const now = deps.clock.now();
    if (now - (touchedAt.get(row.id) ?? row.lastUsedAt?.getTime() ?? 0) < LAST_USED_EVERY_MS) return;
    touchedAt.set(row.id, now);
    if (touchedAt.size > 10_000) touchedAt.clear();
    void deps.keys
      .touch(row.id, new Date(now))
      .catch((err: Error) => deps.log.warn({ err, key: row.keyId }, 'API key last use not recorded'));
  };
  /** A presented key (the header's, or a socket's first message). */
  const authenticateKey = async (presented: string | undefined): Promise<AuthenticatedKey> => {
    const keyId = presented ? keyIdOf(presented) : null;
    if (!presented || !keyId) throw invalidApiKey();
    const row = await deps.keys.findLive(keyId);
    // Constant time: the hashes are compared with timingSafeEqual, even when no row was found.
    const matches = keyMatches(presented, row?.keyHash ?? NO_KEY_HASH);
    if (!row || !matches) throw invalidApiKey();
    touch(row);
    return { row, scopes: scopesOf(row) };
  };
  return {
    authenticateKey,
    authenticateHeader: (header: string | undefined) =>
      authenticateKey(/^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1]),
  };
}

export type KeyAuth = ReturnType<typeof createKeyAuth>;

export function requireScope(key: AuthenticatedKey, scope: ApiKeyScope | null): void {
  if (scope && !key.scopes.includes(scope)) {
    throw new HttpError(403, V1_ERROR_CODES.scopeMissing, apiKeyMessages.scopeMissing(scope));
  }
}
