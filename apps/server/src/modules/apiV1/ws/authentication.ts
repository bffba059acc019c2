import {
  apiKeyMessages,
  serverMessages,
  WS_V1_CLOSE,
  WS_V1_CONNECTIONS_PER_USER,
  WS_V1_HEARTBEAT_MS,
} from '@tapeline/core';
import type { Bus } from '../../../platform/bus/bus.ts';
import { HttpError } from '../../../platform/http/errors.ts';
import type { Log } from '../../../platform/log.ts';
import type { AuthenticatedKey, KeyAuth } from '../../apiKeys/keyAuth.ts';
import { onKeyRevocation } from '../../apiKeys/keyRevocations.ts';
import type { ApiKeysRepository } from '../../apiKeys/repository.ts';
import type { KeyGuards } from '../keyGuards.ts';
import { type Connection, type Connections, encode } from './connections.ts';

export interface KeyDeps {
  keyAuth: KeyAuth;
  keyGuards: KeyGuards;
  keys: ApiKeysRepository;
  bus: Bus;
  log: Log;
}

/**
 * A bot's key, from the upgrade's Authorization header or its first message: a bad key, or a
 * connection past the user's WS_V1_CONNECTIONS_PER_USER, is closed; a good one is answered
 * `authenticated`.
 */
export async function authenticate(
  hub: Connections,
  deps: KeyDeps,
  conn: Connection,
  presented: string | undefined,
): Promise<void> {
  try {
    const key = await deps.keyAuth.authenticateKey(presented);
    const principal = await deps.keyGuards.principalFor(key, {});
    const held = [...hub.all].filter((c) => c.principal?.user.id === principal.user.id).length;
    if (held >= WS_V1_CONNECTIONS_PER_USER) {
      hub.drop(
        conn,
        WS_V1_CLOSE.tooManyConnections,
        `At most ${WS_V1_CONNECTIONS_PER_USER} connections per user`,
      );
      return;
    }
    conn.key = key;
    conn.principal = principal;
    hub.send(
      conn,
      encode({
        type: 'authenticated',
        user_id: principal.user.id,
        scopes: key.scopes,
        heartbeat_ms: WS_V1_HEARTBEAT_MS,
      }),
    );
  } catch (error) {
    if (!(error instanceof HttpError)) deps.log.warn({ err: error }, 'bot socket authentication failed');
    hub.drop(conn, WS_V1_CLOSE.authFailed, apiKeyMessages.invalid);
  }
}

/** A revoked key's connections close at once, on this node and every other (the bus). */
export function closeOnRevocation(hub: Connections, deps: KeyDeps): Promise<() => Promise<void>> {
  return onKeyRevocation(deps.bus, deps.log, ({ userId, keyId }) => {
    for (const conn of hub.all) {
      const row = conn.key?.row;
      if (row && row.userId === userId && (keyId === null || row.id === keyId)) {
        hub.drop(conn, WS_V1_CLOSE.revoked, apiKeyMessages.invalid);
      }
    }
  });
}

/**
 * Each heartbeat, the keys and plans read again: a key revoked where no bus reached (the CLI),
 * or a user who lost the plan while holding streams, is caught here too.
 */
export async function recheckKeys(hub: Connections, deps: KeyDeps): Promise<void> {
  const authed = [...hub.all].filter((c) => c.key);
  const live = await deps.keys.liveAmong([...new Set(authed.map((c) => (c.key as AuthenticatedKey).row.id))]);
  for (const conn of authed) {
    const key = conn.key as AuthenticatedKey;
    if (!live.has(key.row.id)) {
      hub.drop(conn, WS_V1_CLOSE.revoked, apiKeyMessages.invalid);
      continue;
    }
    if (conn.streams.size === 0) continue;
    try {
      conn.principal = await deps.keyGuards.principalFor(key, { subscriber: true });
    } catch {
      hub.drop(conn, WS_V1_CLOSE.revoked, serverMessages.subscriptionRequired);
    }
  }
}
